#include "model.h"

NetImpl::NetImpl(int64_t in, int64_t hidden, int64_t classes)
    : fc1(register_module("fc1", torch::nn::Linear(in, hidden))),
      fc2(register_module("fc2", torch::nn::Linear(hidden, classes))),
      // LibTorch's holder takes `hidden` by forwarding reference: it is passed on, not written.
      bn(register_module("bn", torch::nn::BatchNorm1d(hidden))) {}

torch::Tensor NetImpl::forward(torch::Tensor x) { return fc2(bn(fc1(x))); }

HeadImpl::HeadImpl(int64_t width) : proj(register_module("proj", torch::nn::Linear(width, 64))) {}

torch::nn::Linear make_layer(int64_t in, int64_t out) {
  return torch::nn::Linear(in, out); // CROSS-EXPECT: out_features = 1001 of Linear is not a multiple of 8
}

BiHeadImpl::BiHeadImpl(int64_t hidden)
    : fc(register_module("fc", torch::nn::Linear(hidden * 2, 64))) {} // CROSS-EXPECT: in_features = 500 of Linear `fc` is not a multiple of 8

EncoderImpl::EncoderImpl(const EncoderConfig &config)
    : fc(register_module("fc", torch::nn::Linear(config.in_features, config.width))) {}

TrunkImpl::TrunkImpl(EncoderConfig config) : config_(config) {
  body = register_module("body", torch::nn::Linear(config_.width, config_.width));
}
