#include "positional_encoding.h"

namespace nerf {
torch::Tensor Embedder::Embedding(const torch::Tensor& position,
                                  const int64_t length) {
    const auto batch_size = position.size(0);
    const auto idx = torch::arange(torch::Scalar(length), position.options())
                         .unsqueeze(0)
                         .unsqueeze(0);
    const auto position_tanh = torch::tanh(position);
    const auto a = 2 * idx * M_PI * position_tanh.unsqueeze(2);
    const auto s = torch::sin(a);
    const auto c = torch::cos(a);
    return torch::cat({s, c}, 2).view({batch_size, -1});
}
}  // namespace nerf
