#pragma once

#include <torch/torch.h>

#include <vector>

#include "resnet_split.h"
#include "textures.h"

struct SplitOptions {
  int64_t epochs = 5;
  int64_t batch = 32;
  double lr = 0.05;
  int64_t decay_at = 150;  // iteration at which the learning rate drops 10x
};

double train_split(SplitModel &model, const std::vector<ImageSet> &owners, const SplitOptions &opts,
                   torch::Device device);
double accuracy(SplitModel &model, const ImageSet &set, torch::Device device);
double personalise_head(SplitModel &model, const ImageSet &owner_data, int64_t steps, torch::Device device);
