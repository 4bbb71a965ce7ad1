#pragma once
#include <cstddef>

namespace training {

// The hyperparameters and run options for one PPO training run. Plain data:
// load_config() fills it.
struct Config {
  size_t total_environments;
  size_t hidden_size;
  size_t horizon;
  size_t frame_stack;
  double learning_rate;
  float clip_param;
  float value_loss_coef;
  float entropy_coef;
  long num_epochs;
  long num_mini_batches;
  float gae_discount;
  float gae_lambda;
  float max_gradient_norm;
  size_t num_rollouts;
  bool deterministic;
};

// The run's configuration (configs/v1.yaml of the original, written in).
Config load_config();

// Rejects internally-inconsistent configs.
void validate(const Config &config);

}  // namespace training
