#include "norms.h"

namespace {
constexpr double kNormEps = 1e-6;
}

torch::Tensor pair_norm(const torch::Tensor& x) {
  auto centered = x - x.mean(0, true);
  return centered / (centered.std({0}, true, true) + kNormEps);
}
