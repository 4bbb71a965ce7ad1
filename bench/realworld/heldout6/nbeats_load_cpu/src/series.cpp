#include "series.h"

#include <cmath>
#include <random>

torch::Tensor make_load_series(int64_t hours, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> noise(0.0, 1.0);
  auto series = torch::zeros({hours, 3});
  auto s = series.accessor<float, 2>();
  for (int64_t h = 0; h < hours; ++h) {
    const double day = 2.0 * M_PI * static_cast<double>(h % 24) / 24.0;
    const bool weekend = (h / 24) % 7 >= 5;
    const double temperature = 12.0 + 7.0 * std::sin(day - 2.0) +
                               4.0 * std::sin(2.0 * M_PI * h / (24.0 * 30.0)) + 0.8 * noise(rng);
    const double load = 100.0 + 18.0 * std::sin(day - M_PI / 2.0) - (weekend ? 12.0 : 0.0) +
                        0.004 * h + 0.9 * std::max(0.0, 16.0 - temperature) + 2.0 * noise(rng);
    s[h][0] = static_cast<float>(load);
    s[h][1] = static_cast<float>(temperature);
    s[h][2] = static_cast<float>(std::sin(day));
  }
  return series;
}

Standardiser fit_standardiser(const torch::Tensor& series) {
  return {series.mean(0, /*keepdim=*/true), series.std({0}, /*unbiased=*/true, /*keepdim=*/true)};
}

torch::Tensor standardise(const torch::Tensor& series, const Standardiser& s) {
  return (series - s.mean) / (s.std + 1e-8);
}

Windows make_windows(const torch::Tensor& series, int64_t lookback, int64_t horizon,
                     int64_t begin, int64_t end) {
  std::vector<torch::Tensor> inputs, targets;
  for (int64_t t = begin; t + lookback + horizon <= end; ++t) {
    inputs.push_back(series.slice(0, t, t + lookback));
    targets.push_back(series.slice(0, t + lookback, t + lookback + horizon));
  }
  return {torch::stack(inputs), torch::stack(targets)};
}

torch::Tensor seasonal_naive(const Windows& windows, int64_t period) {
  const int64_t lookback = windows.inputs.size(1);
  const int64_t horizon = windows.targets.size(1);
  return windows.inputs.slice(1, lookback - period, lookback - period + horizon);
}

double smape(const torch::Tensor& forecast, const torch::Tensor& actual, const Standardiser& s) {
  auto f = forecast.select(2, 0) * s.std[0][0] + s.mean[0][0];
  auto a = actual.select(2, 0) * s.std[0][0] + s.mean[0][0];
  auto ratio = 2.0 * (f - a).abs() / (f.abs() + a.abs() + 1e-8);
  return 100.0 * ratio.mean().item<double>();
}
