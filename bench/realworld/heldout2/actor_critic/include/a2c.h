#pragma once

#include <torch/torch.h>

#include "env.h"
#include "policy.h"

struct A2CConfig {
  int64_t num_updates;
  int64_t rollout_length;
  double gamma;
  double learning_rate;
  double value_coef;
  double entropy_coef;
};

void train_a2c(ActorCritic &model, PointMassEnv &env, torch::Device device, const A2CConfig &config);
