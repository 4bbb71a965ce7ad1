#pragma once

#include <torch/torch.h>

// Basic residual block (two 3x3 convolutions) with a 1x1 projection shortcut.
class ResBlockImpl : public torch::nn::Module {
 public:
  ResBlockImpl(int64_t in_channels, int64_t out_channels, int64_t stride);
  torch::Tensor forward(const torch::Tensor& x);

 private:
  torch::nn::Conv2d conv1_{nullptr};
  torch::nn::BatchNorm2d bn1_{nullptr};
  torch::nn::Conv2d conv2_{nullptr};
  torch::nn::BatchNorm2d bn2_{nullptr};
  torch::nn::Conv2d shortcut_{nullptr};
  torch::nn::BatchNorm2d shortcut_bn_{nullptr};
  torch::nn::PReLU act_{nullptr};
};
TORCH_MODULE(ResBlock);
