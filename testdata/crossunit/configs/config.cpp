#include "model.h"

const int64_t kMadeHidden = 60; // CROSS-EXPECT: `kMadeHidden` = 60 is not a multiple of 8

TaggerConfig make_config() {
  TaggerConfig c;
  c.hidden = kMadeHidden;
  c.num_tags = 16;
  return c;
}

ExperimentConfig make_experiment() {
  ExperimentConfig e;
  e.model.hidden = 44;
  e.epochs = 3;
  return e;
}

StackConfig read_stack_config() {
  StackConfig c;
  c.widths = {48, 64, 36};
  return c;
}
