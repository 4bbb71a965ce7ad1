#include "towers.h"

torch::nn::Sequential make_tower(int64_t in_features, const TowerOptions &opts) {
  const int64_t hidden = opts.hidden();
  return torch::nn::Sequential(
      torch::nn::Linear(in_features, hidden),
      torch::nn::ReLU(),
      torch::nn::Dropout(opts.dropout()),
      torch::nn::Linear(hidden, hidden / 2),
      torch::nn::ReLU(),
      torch::nn::Linear(hidden / 2, 1),
      torch::nn::Sigmoid());
}
