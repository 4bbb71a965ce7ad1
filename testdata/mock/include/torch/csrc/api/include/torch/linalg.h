// Mock of torch/linalg.h for the fast test tier. LibTorch 2.x's torch/torch.h does not include it.
#pragma once
#include <torch/torch.h>

namespace torch {
namespace linalg {
inline Tensor inv(const Tensor &input) { return torch::linalg_inv(input); }
} // namespace linalg
} // namespace torch
