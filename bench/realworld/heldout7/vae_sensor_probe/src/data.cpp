#include "data.h"

#include "sensors.h"

SensorData make_sensor_data(int64_t count, std::mt19937 &rng) {
  // Regime means and a shared 3-factor loading, fixed for the run.
  static torch::Tensor mode_means, loading;
  if (!mode_means.defined()) {
    auto gen = torch::make_generator<at::CPUGeneratorImpl>(31);
    mode_means = torch::randn({kNumModes, kNumFeatures}, gen) * 1.5 + 10.0;
    loading = torch::randn({3, kNumFeatures}, gen);
  }
  std::uniform_int_distribution<int64_t> mode_dist(0, kNumModes - 1);
  SensorData data;
  data.mode = torch::empty({count}, torch::kLong);
  for (int64_t n = 0; n < count; ++n) data.mode[n] = mode_dist(rng);

  auto gen = torch::make_generator<at::CPUGeneratorImpl>(static_cast<uint64_t>(rng()));
  auto factors = torch::randn({count, 3}, gen);
  auto noise = torch::randn({count, kNumFeatures}, gen) * 0.3;
  data.x = mode_means.index_select(0, data.mode) + factors.mm(loading) + noise;
  return data;
}

Standardizer fit_standardizer(const torch::Tensor &x) {
  Standardizer s;
  s.mean = x.mean(0);
  s.std = x.std(0) + 1e-8;
  return s;
}

torch::Tensor apply_standardizer(const Standardizer &s, const torch::Tensor &x) {
  return (x - s.mean) / s.std;
}
