#include "batch_utils.h"

#include <algorithm>

namespace NeuroTab {

std::vector<std::pair<torch::Tensor, torch::Tensor>> generate_batches(
    const unsigned batch_size, const torch::Tensor& inputs, const torch::Tensor& targets) {
  std::vector<std::pair<torch::Tensor, torch::Tensor>> batches;
  const int64_t n = inputs.size(0);
  auto order = torch::randperm(n, torch::kLong);
  for (int64_t start = 0; start < n; start += batch_size) {
    const int64_t len = std::min<int64_t>(batch_size, n - start);
    auto idx = order.narrow(0, start, len);
    batches.emplace_back(inputs.index_select(0, idx), targets.index_select(0, idx));
  }
  return batches;
}

torch::Tensor make_tabular_data(int64_t rows, int64_t features, int64_t factors) {
  static torch::Tensor loadings = 2.5 * torch::randn({factors, features});
  static torch::Tensor offsets = 0.5 * torch::randn({features});
  auto z = torch::randn({rows, factors});
  auto p = torch::sigmoid(z.matmul(loadings) + offsets);
  return (p + 0.05 * torch::randn_like(p)).clamp(0.0, 1.0);
}

}  // namespace NeuroTab
