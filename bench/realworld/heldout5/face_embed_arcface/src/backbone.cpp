#include "backbone.h"

BackboneImpl::BackboneImpl(int64_t base) {
  stem_ = register_module(
      "stem", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, base, 3).padding(1).bias(false)));
  stem_bn_ = register_module("stem_bn", torch::nn::BatchNorm2d(base));
  stage1_ = register_module("stage1", ResBlock(base, base * 3 / 2, 2));
  stage2_ = register_module("stage2", ResBlock(base * 3 / 2, base * 3, 2));
  pool_ = register_module("pool", torch::nn::AdaptiveAvgPool2d(torch::nn::AdaptiveAvgPool2dOptions(1)));
}

torch::Tensor BackboneImpl::forward(const torch::Tensor& x) {
  auto h = torch::relu(stem_bn_->forward(stem_->forward(x)));
  h = stage2_->forward(stage1_->forward(h));
  return pool_->forward(h).flatten(1);
}
