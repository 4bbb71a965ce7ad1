#include "config.h"

SchNetConfig make_config() {
  SchNetConfig cfg;
  cfg.hidden = 64;
  cfg.num_gaussians = 50;
  cfg.num_interactions = 2;
  cfg.cutoff = 5.0;
  return cfg;
}
