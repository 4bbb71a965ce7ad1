#pragma once

#include <torch/torch.h>

#include "predictor.h"

struct TrainOptions {
  int64_t steps = 240;        // optimizer steps
  int64_t accumulation = 2;   // windows per step
  int64_t batch = 16;
  double lr = 3e-3;
  double clip = 1.0;
};

double train_predictor(Predictor &model, const torch::Tensor &waves, const CodecConfig &cfg,
                       const TrainOptions &opts, torch::Device device);
double bits_per_sample(Predictor &model, const torch::Tensor &waves, const CodecConfig &cfg,
                       torch::Device device);
