#pragma once

#include <torch/torch.h>

class ResBlockImpl : public torch::nn::Module {
 public:
  static const int expansion = 1;

  ResBlockImpl(int64_t in_channels, int64_t planes, int64_t stride);
  torch::Tensor forward(torch::Tensor x);

 private:
  torch::nn::Conv2d conv1{nullptr};
  torch::nn::BatchNorm2d bn1{nullptr};
  torch::nn::Conv2d conv2{nullptr};
  torch::nn::BatchNorm2d bn2{nullptr};
  torch::nn::Sequential shortcut{nullptr};
};
TORCH_MODULE(ResBlock);

// Per-channel contrast normalisation of a feature map (zero mean, unit deviation per image).
torch::Tensor contrast_norm(const torch::Tensor &h);
