#include "config.h"

void load_config(TrainConfig &cfg) {
  cfg.embed = 64;
  cfg.hidden = 50;
  cfg.classes = 24;
  cfg.patch = 36;
  cfg.overlap = 6;
  cfg.hidden = 100; // the last assignment is what callers see
  cfg.stride = cfg.patch - cfg.overlap;
  cfg.heads = 20;
  cfg.lr = 1e-3;
}

void apply_overrides(TrainConfig &cfg, int argc) {
  if (argc > 3)
    cfg.embed = 128;
  cfg.patch = 40;
}

void widen_heads(TrainConfig &cfg, int64_t extra) { cfg.heads = 16 + extra; }

void load_small(TrainConfig &cfg, bool wide) {
  cfg.embed = 64;
  cfg.hidden = 64;
  if (wide)
    cfg.hidden = 100;
}

void load_early(TrainConfig &cfg, bool quick) {
  cfg.hidden = 64;
  if (quick)
    return;
  cfg.hidden = 100;
}

void rescale(TrainConfig &cfg, int64_t factor) { cfg.hidden *= factor; }

void load_system(SystemConfig &cfg) {
  cfg.width = 60;
  cfg.epochs = 2;
}
