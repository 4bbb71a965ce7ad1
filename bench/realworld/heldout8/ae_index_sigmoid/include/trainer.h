#pragma once

#include <torch/torch.h>

#include "autoencoder.h"
#include "points.h"

struct TrainSettings {
  int64_t epochs = 4;
  int64_t batch = 128;
  double lr = 2e-3;
  double locality_weight = 0.5;
};

double train_autoencoder(AutoEncoder &model, const PointSet &train, const TrainSettings &s,
                         torch::Device device);
double reconstruction_bce(AutoEncoder &model, const PointSet &set, torch::Device device);
