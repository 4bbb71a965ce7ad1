#pragma once

#include <cstdint>

// Side of the square grid world; the observation one-hot encodes the agent's cell.
constexpr int64_t kGridSize = 5;

// Hyper-parameters of the agent. The sizes that depend on the environment are
// filled in by make_config(); everything else keeps the defaults below.
struct PpoConfig {
  int64_t obs_dim = 0;
  int64_t extra_features = 0;
  int64_t hidden = 64;
  int64_t num_actions = 4;
  double clip_param = 0.2;
  double value_loss_coef = 0.5;
  double entropy_coef = 0.01;
  double learning_rate = 3e-3;
  double max_grad_norm = 0.5;
  int num_epoch = 4;
  int num_mini_batch = 2;
  int num_envs = 8;
  int num_steps = 16;
  int num_updates = 36;
  double gamma = 0.95;
  double gae_lambda = 0.9;
};

PpoConfig make_config();
