#pragma once

#include <torch/torch.h>

#include "char_lm.h"

struct TrainConfig {
  int64_t batch_size;
  int64_t bptt;
  int epochs;
  int64_t max_steps;
  double lr;
  double clip;
};

// Splits a token stream [N] into batch_size parallel streams, [batch_size, N / batch_size].
torch::Tensor batchify(const torch::Tensor& stream, int64_t batch_size);

// Truncated back-propagation through time; returns the last batch's loss (nats per character).
float train_lm(CharLM& model, const torch::Tensor& train_stream, const TrainConfig& config,
               torch::Device device);
