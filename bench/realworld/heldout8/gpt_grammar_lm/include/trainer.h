#pragma once

#include <torch/torch.h>

#include "gpt.h"

struct TrainConfig {
  int64_t max_iters = 150;
  int64_t warmup = 15;
  double lr = 3e-3;
  double weight_decay = 0.01;
  double clip = 1.0;
};

double train_gpt(GPT &model, const torch::Tensor &train_data, const TrainConfig &tc, torch::Device device);
double evaluate_perplexity(GPT &model, const torch::Tensor &data, torch::Device device);
