#include "losses.h"

torch::Tensor ctcvr_loss(const torch::Tensor &p_ctcvr, const torch::Tensor &conversion) {
  // Written out: the product of two probabilities is small, keep log away from 0.
  auto pos = conversion * torch::log(p_ctcvr + 1e-8);
  auto neg = (1 - conversion) * torch::log(1 - p_ctcvr + 1e-8);
  return -(pos + neg).mean();
}
