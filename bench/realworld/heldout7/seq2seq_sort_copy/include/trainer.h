#pragma once

#include <torch/torch.h>

#include <random>

#include "model_config.h"
#include "seq2seq.h"

class Trainer {
 public:
  Trainer(const ModelConfig &cfg, const TrainConfig &tcfg, torch::Device device);
  double fit();
  // Fraction of test sequences sorted exactly, and of target tokens right.
  std::pair<double, double> evaluate(int64_t num_batches);

 private:
  TrainConfig tcfg_;
  torch::Device device_;
  std::mt19937 rng_;
  Seq2Seq model_;
  torch::optim::AdamW optimizer_;
};
