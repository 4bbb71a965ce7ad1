#pragma once

#include <torch/torch.h>

// Sliding windows over a multivariate series: inputs [N, lookback, C], targets [N, horizon, C].
struct Windows {
  torch::Tensor inputs;
  torch::Tensor targets;
};

struct Standardiser {
  torch::Tensor mean;  // [1, C]
  torch::Tensor std;   // [1, C]
};

// Hourly electricity load with its temperature and an hour-of-day signal: [hours, 3].
torch::Tensor make_load_series(int64_t hours, uint64_t seed);
Standardiser fit_standardiser(const torch::Tensor& series);
torch::Tensor standardise(const torch::Tensor& series, const Standardiser& s);
Windows make_windows(const torch::Tensor& series, int64_t lookback, int64_t horizon,
                     int64_t begin, int64_t end);

// Forecast that repeats the same hours of the previous day.
torch::Tensor seasonal_naive(const Windows& windows, int64_t period);
// Symmetric MAPE (percent) of the load channel, in the original units.
double smape(const torch::Tensor& forecast, const torch::Tensor& actual, const Standardiser& s);
