#include "res_block.h"

ResBlockImpl::ResBlockImpl(int64_t in_channels, int64_t out_channels, int64_t stride) {
  using torch::nn::Conv2dOptions;
  conv1_ = register_module("conv1", torch::nn::Conv2d(Conv2dOptions(in_channels, out_channels, 3).stride(stride).padding(1).bias(false)));
  bn1_ = register_module("bn1", torch::nn::BatchNorm2d(out_channels));
  conv2_ = register_module("conv2", torch::nn::Conv2d(Conv2dOptions(out_channels, out_channels, 3).padding(1).bias(false)));
  bn2_ = register_module("bn2", torch::nn::BatchNorm2d(out_channels));
  shortcut_ = register_module("shortcut", torch::nn::Conv2d(Conv2dOptions(in_channels, out_channels, 1).stride(stride).bias(false)));
  shortcut_bn_ = register_module("shortcut_bn", torch::nn::BatchNorm2d(out_channels));
  act_ = register_module("act", torch::nn::PReLU());
}

torch::Tensor ResBlockImpl::forward(const torch::Tensor& x) {
  auto out = act_->forward(bn1_->forward(conv1_->forward(x)));
  out = bn2_->forward(conv2_->forward(out));
  return act_->forward(out + shortcut_bn_->forward(shortcut_->forward(x)));
}
