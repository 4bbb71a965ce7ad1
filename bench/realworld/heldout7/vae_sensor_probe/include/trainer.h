#pragma once

#include <torch/torch.h>

#include "vae.h"

struct VaeTrainOptions {
  int64_t epochs = 12;
  int64_t batch_size = 128;
  double lr = 1e-3;
  double beta = 0.5;
};

double train_vae(Vae &model, const torch::Tensor &x, const VaeTrainOptions &opts, torch::Device device);
double reconstruction_mse(Vae &model, const torch::Tensor &x, torch::Device device);
