#pragma once

#include <cstdint>
#include <vector>

struct AgentConfig {
  std::vector<int64_t> actor_hidden;   // filled by parse_args()
  std::vector<int64_t> critic_hidden;  // filled by parse_args()
  double actor_lr = 1e-3;
  double critic_lr = 2e-3;
  double tau = 0.01;
  double gamma = 0.5;
  double actor_noise = 0.2;
  double target_noise = 0.1;
  double noise_clip = 0.25;
  int64_t policy_delay = 2;
  int64_t num_envs = 8;
  int64_t env_steps = 300;
  int64_t warmup_steps = 40;
  int64_t batch_size = 128;
  uint64_t seed = 3;
};

// Reads --key=value options; anything not given keeps the defaults set here.
AgentConfig parse_args(int argc, char **argv);
