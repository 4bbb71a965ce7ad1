#pragma once

#include <torch/torch.h>

struct ChurnData {
  torch::Tensor numeric;      // [N, kNumNumeric] float
  torch::Tensor categorical;  // [N, kNumCategorical] long
  torch::Tensor churned;      // [N] float 0/1
  torch::Tensor calls;        // [N] float counts
};
