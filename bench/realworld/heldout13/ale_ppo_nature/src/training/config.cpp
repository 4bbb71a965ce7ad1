#include "training/config.h"

#include <stdexcept>

namespace training {

Config load_config() {
  Config config;
  config.total_environments = 16;
  config.hidden_size = 500;
  config.horizon = 8;
  config.frame_stack = 4;
  config.learning_rate = 2.5e-4;
  config.clip_param = 0.1f;
  config.value_loss_coef = 0.5f;
  config.entropy_coef = 0.01f;
  config.num_epochs = 2;
  config.num_mini_batches = 4;
  config.gae_discount = 0.99f;
  config.gae_lambda = 0.95f;
  config.max_gradient_norm = 0.5f;
  config.num_rollouts = 30;
  config.deterministic = true;
  return config;
}

void validate(const Config &config) {
  if ((config.total_environments * config.horizon) % config.num_mini_batches != 0)
    throw std::invalid_argument(
        "total_environments * horizon must divide into num_mini_batches");
  if (config.frame_stack == 0)
    throw std::invalid_argument("frame_stack must be positive");
}

}  // namespace training
