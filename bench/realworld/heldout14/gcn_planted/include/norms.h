#pragma once
#include <torch/torch.h>

// Standardise every hidden feature over the nodes (against over-smoothing).
torch::Tensor pair_norm(const torch::Tensor& x);
