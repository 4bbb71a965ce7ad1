#include "waveforms.h"

#include <cmath>

torch::Tensor make_waveforms(int64_t count, int64_t length, uint64_t seed) {
  torch::manual_seed(seed);
  auto t = torch::arange(length, torch::kFloat32).unsqueeze(0);             // [1, L]
  auto f1 = torch::rand({count, 1}) * 0.08 + 0.01;                          // cycles per sample
  auto f2 = f1 * (torch::rand({count, 1}) * 1.5 + 1.5);
  auto a2 = torch::rand({count, 1}) * 0.5;
  auto decay = torch::rand({count, 1}) * 2e-3 + 5e-4;
  auto envelope = torch::exp(-decay * torch::fmod(t, 500.0));               // a new "note" every 500
  auto x = envelope * (torch::sin(2 * M_PI * f1 * t) + a2 * torch::sin(2 * M_PI * f2 * t));
  x = x + 0.02 * torch::randn({count, length});
  return x / (x.abs().amax(1, true) + 1e-3) * 0.95;
}

torch::Tensor mu_law_encode(const torch::Tensor &x) {
  auto y = torch::sign(x) * torch::log1p(kMuLaw * x.abs()) / std::log1p(kMuLaw);  // [-1, 1]
  auto bins = ((y + 1.0) * 0.5 * (kLevels - 1)).round();
  return bins.clamp(0, kLevels - 1).to(torch::kLong);
}

WaveBatch sample_windows(const torch::Tensor &waves, int64_t batch, int64_t window) {
  const int64_t length = waves.size(1);
  auto rows = torch::randint(waves.size(0), {batch}, torch::kLong);
  auto starts = torch::randint(length - window - 1, {batch, 1}, torch::kLong);
  auto idx = starts + torch::arange(window + 1, torch::kLong).unsqueeze(0);  // [B, W + 1]
  auto segments = waves.index_select(0, rows).gather(1, idx);
  WaveBatch out;
  out.codes = mu_law_encode(segments);
  out.amplitude = segments.slice(1, 1, window + 1).abs();
  return out;
}
