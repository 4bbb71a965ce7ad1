#include "points.h"

#include <cmath>

#include "point_dims.h"

namespace {
// Fixed map from the latent factors to the coordinates (the same for every set).
torch::Tensor embed(const torch::Tensor &t) {
  static torch::Tensor freq, phase, gain;
  if (!freq.defined()) {
    auto gen = at::make_generator<at::CPUGeneratorImpl>(99);
    freq = torch::rand({LATENT_FACTORS, POINT_DIM}, gen) * 3 + 0.5;
    phase = torch::rand({POINT_DIM}, gen) * 2 * M_PI;
    gain = torch::rand({POINT_DIM}, gen) * 2 + 1;
  }
  auto z = torch::sin(M_PI * t.matmul(freq) + phase) * gain;
  return torch::sigmoid(z);
}
}  // namespace

PointSet make_points(int64_t count, uint64_t seed) {
  torch::manual_seed(seed);
  auto t = torch::rand({count, LATENT_FACTORS});
  auto x = (embed(t) + 0.02 * torch::randn({count, POINT_DIM})).clamp(0.0, 1.0);
  return {x, t.select(1, 0)};
}

void make_triplets(int64_t count, torch::Tensor &anchor, torch::Tensor &positive, torch::Tensor &negative) {
  auto t = torch::rand({count, LATENT_FACTORS});
  auto near = (t + 0.03 * torch::randn({count, LATENT_FACTORS})).clamp(0.0, 1.0);
  auto far = torch::rand({count, LATENT_FACTORS});
  anchor = embed(t);
  positive = embed(near);
  negative = embed(far);
}
