#ifndef NORMS_HPP
#define NORMS_HPP

#include <torch/torch.h>

namespace ecvm::blocks {

// Root-mean-square scaling of the feed-forward activations (NormFormer's FFN norm), with a gain
auto ffn_rms_scale(const torch::Tensor &h, const torch::Tensor &gain) -> torch::Tensor;

}  // namespace ecvm::blocks

#endif // !NORMS_HPP
