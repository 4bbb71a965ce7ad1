// Synthetic regression data: y = x . w + b + noise.
#pragma once

#include <torch/torch.h>

struct Batch {
  torch::Tensor x;
  torch::Tensor y;
};

Batch make_batch(int64_t batch_size, int64_t features);
