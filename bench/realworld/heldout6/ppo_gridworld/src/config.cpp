#include "ppo_config.h"

PpoConfig make_config() {
  PpoConfig cfg;
  cfg.obs_dim = kGridSize * kGridSize;  // one-hot position of the agent
  cfg.extra_features = 5;               // four blocked-move flags and the time left
  return cfg;
}
