#pragma once

#include <torch/torch.h>

#include <random>

struct SensorData {
  torch::Tensor x;     // [N, kNumFeatures]
  torch::Tensor mode;  // [N] operating regime, only used by the probe
};

SensorData make_sensor_data(int64_t count, std::mt19937 &rng);

struct Standardizer {
  torch::Tensor mean;
  torch::Tensor std;
};
Standardizer fit_standardizer(const torch::Tensor &x);
torch::Tensor apply_standardizer(const Standardizer &s, const torch::Tensor &x);
