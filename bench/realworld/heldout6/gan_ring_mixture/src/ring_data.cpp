#include "ring_data.h"

#include <cmath>

torch::Tensor DataScaler::apply(const torch::Tensor& x) const { return (x - mean) / std; }

torch::Tensor DataScaler::invert(const torch::Tensor& x) const {
  return x * std.to(x.device()) + mean.to(x.device());
}

DataScaler fit_scaler(const torch::Tensor& sample) {
  DataScaler scaler;
  scaler.mean = sample.mean(0, /*keepdim=*/true);
  scaler.std = sample.std(0, /*unbiased=*/true, /*keepdim=*/true) + 1e-8;
  return scaler;
}

RingData make_ring(int64_t modes, double radius, double stddev) {
  RingData data;
  auto angles = torch::arange(modes, torch::kFloat) * (2.0 * M_PI / static_cast<double>(modes));
  data.centres = torch::stack({radius * torch::cos(angles), radius * torch::sin(angles)}, 1);
  data.stddev = stddev;
  data.scaler = fit_scaler(sample_ring(20000, data));
  return data;
}

torch::Tensor sample_ring(int64_t n, const RingData& data) {
  auto which = torch::randint(data.centres.size(0), {n}, torch::kLong);
  return data.centres.index_select(0, which) + data.stddev * torch::randn({n, 2});
}
