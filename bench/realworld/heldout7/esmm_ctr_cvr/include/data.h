#pragma once

#include <torch/torch.h>

#include <random>

struct ImpressionLog {
  torch::Tensor fields;      // [N, kNumFields] int64
  torch::Tensor click;       // [N] float 0/1
  torch::Tensor conversion;  // [N] float 0/1, only where clicked
};

ImpressionLog make_impressions(int64_t count, std::mt19937 &rng);
