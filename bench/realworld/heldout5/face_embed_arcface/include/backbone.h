#pragma once

#include <torch/torch.h>

#include "res_block.h"

// Stem convolution and two residual stages; the channel count grows by 1.5x,
// then by 2x. Ends with global average pooling.
class BackboneImpl : public torch::nn::Module {
 public:
  explicit BackboneImpl(int64_t base);
  torch::Tensor forward(const torch::Tensor& x);

 private:
  torch::nn::Conv2d stem_{nullptr};
  torch::nn::BatchNorm2d stem_bn_{nullptr};
  ResBlock stage1_{nullptr};
  ResBlock stage2_{nullptr};
  torch::nn::AdaptiveAvgPool2d pool_{nullptr};
};
TORCH_MODULE(Backbone);
