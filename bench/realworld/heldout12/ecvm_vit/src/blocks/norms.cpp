#include <ecvm/blocks/norms.hpp>

namespace ecvm::blocks {

namespace {
constexpr double kRmsEps = 1e-6;
}

auto ffn_rms_scale(const torch::Tensor &h, const torch::Tensor &gain) -> torch::Tensor {
  auto ms = (h * h).mean(-1, true);
  ms.add_(kRmsEps);
  ms.rsqrt_();
  return h * ms * gain;
}

}  // namespace ecvm::blocks
