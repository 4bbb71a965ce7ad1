#pragma once

#include <torch/torch.h>

// Columns x, x^2, ..., x^degree of a column vector x.
torch::Tensor polynomial_features(const torch::Tensor &x, int64_t degree);

// Per-column standardisation fitted on the training data.
struct Standardizer {
  torch::Tensor mean;
  torch::Tensor stddev;

  void fit(const torch::Tensor &data);
  torch::Tensor transform(const torch::Tensor &data) const;
};
