#pragma once

#include <torch/torch.h>

#include "embed_net.h"

struct TrainConfig {
  int64_t num_steps;
  int64_t accumulation_steps;
  int64_t pairs_per_batch;
  int64_t num_clusters;
  double learning_rate;
  double margin;
};

// Contrastive training on synthetic pairs; returns the last logged loss.
double train(EmbedNet &model, torch::Device device, const TrainConfig &config);
