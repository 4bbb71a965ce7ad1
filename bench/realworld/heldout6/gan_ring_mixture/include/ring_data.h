#pragma once

#include <torch/torch.h>

// Standardisation fitted once on a large sample of the real data.
struct DataScaler {
  torch::Tensor mean;
  torch::Tensor std;
  torch::Tensor apply(const torch::Tensor& x) const;
  torch::Tensor invert(const torch::Tensor& x) const;
};

// Mixture of isotropic Gaussians placed evenly on a circle.
struct RingData {
  torch::Tensor centres;  // [modes, 2]
  double stddev;
  DataScaler scaler;
};

RingData make_ring(int64_t modes, double radius, double stddev);
torch::Tensor sample_ring(int64_t n, const RingData& data);
DataScaler fit_scaler(const torch::Tensor& sample);
