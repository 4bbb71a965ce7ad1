//
// Generalized mean pooling over the spatial dimensions.
//

#include "Models/GeMPool.h"

GeMPoolImpl::GeMPoolImpl(double p) : p_(p) {}

torch::Tensor GeMPoolImpl::forward(torch::Tensor x) {
  auto pooled = x.clamp_min(kEps);
  pooled.pow_(p_);
  return pooled.mean({2, 3}).pow(1.0 / p_);
}
