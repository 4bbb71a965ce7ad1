#include "scale_head.h"

ScaleHeadImpl::ScaleHeadImpl(int64_t in_features, int64_t hidden) {
  hidden_ = register_module("hidden", torch::nn::Linear(in_features, hidden));
  out_ = register_module("out", torch::nn::Linear(hidden, 1));
}

torch::Tensor ScaleHeadImpl::forward(const torch::Tensor &h) {
  auto log_scale = out_(torch::tanh(hidden_(h))).squeeze(-1);
  return log_scale.clamp(-6.0, 2.0).exp_();
}
