#include "globals.h"
#include "model.h"

int n_hidden = 100;
int64_t n_classes = 20;

int main(int argc, char **argv) {
  torch::manual_seed(0);
  parse_flags(argc, argv);
  CharNet net(n_letters, n_hidden);
  Cell cell(n_letters, n_hidden);
  torch::nn::Linear head(64, n_classes); // CROSS-EXPECT: out_features = 20 of Linear `head` is not a multiple of 8
  // Each written by flags.cpp: no value known.
  Wide batch(batch_width);
  Wide tuned(tuned_width);
  Wide bound(bound_width);
  Wide bumped(bumped_width);
  return 0;
}
