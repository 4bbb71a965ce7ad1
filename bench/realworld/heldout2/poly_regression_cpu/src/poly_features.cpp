#include "poly_features.h"

#include <vector>

torch::Tensor polynomial_features(const torch::Tensor &x, int64_t degree) {
  std::vector<torch::Tensor> columns;
  for (int64_t d = 1; d <= degree; ++d) {
    columns.push_back(x.pow(static_cast<double>(d)));
  }
  return torch::cat(columns, /*dim=*/1);
}

void Standardizer::fit(const torch::Tensor &data) {
  mean = data.mean(0, /*keepdim=*/true);
  stddev = data.std(0, /*unbiased=*/true, /*keepdim=*/true);
}

torch::Tensor Standardizer::transform(const torch::Tensor &data) const {
  return (data - mean) / (stddev + 1e-8);
}
