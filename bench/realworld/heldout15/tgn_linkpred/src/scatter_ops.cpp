#include "scatter_ops.h"

namespace tgn {

auto scatter_add(const torch::Tensor& src, const torch::Tensor& index, std::int64_t dim_size)
    -> torch::Tensor {
  return torch::zeros({dim_size}, src.options()).index_add(0, index, src);
}

auto scatter_max(const torch::Tensor& src, const torch::Tensor& index, std::int64_t dim_size)
    -> torch::Tensor {
  auto out = torch::full({dim_size}, -std::numeric_limits<float>::infinity(), src.options());
  return out.scatter_reduce(0, index, src, "amax", /*include_self=*/true);
}

auto scatter_softmax(const torch::Tensor& src, const torch::Tensor& index, std::int64_t dim_size)
    -> torch::Tensor {
  auto max_per_index = scatter_max(src.detach(), index, dim_size);
  auto shifted = (src - max_per_index.index_select(0, index)).exp();
  auto denom = scatter_add(shifted, index, dim_size);
  return shifted / (denom.index_select(0, index) + 1e-16);
}

}  // namespace tgn
