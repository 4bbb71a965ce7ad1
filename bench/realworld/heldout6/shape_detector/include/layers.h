#pragma once

#include <torch/torch.h>

// Options of a "same"-padded convolution, shared by every block of the backbone.
torch::nn::Conv2dOptions conv_options(int64_t in_channels, int64_t out_channels,
                                      int64_t kernel_size, int64_t stride = 1,
                                      bool with_bias = false);

// Conv + BatchNorm + LeakyReLU.
class BasicConvImpl : public torch::nn::Module {
 public:
  BasicConvImpl(int64_t in_channels, int64_t out_channels, int64_t kernel_size,
                int64_t stride = 1);
  torch::Tensor forward(torch::Tensor x);

 private:
  torch::nn::Conv2d conv_{nullptr};
  torch::nn::BatchNorm2d bn_{nullptr};
  torch::nn::LeakyReLU activation_{nullptr};
};
TORCH_MODULE(BasicConv);

// Cross-stage-partial block of YOLOv4-tiny: outputs 2 * out_channels at half the resolution.
class CspBlockImpl : public torch::nn::Module {
 public:
  CspBlockImpl(int64_t in_channels, int64_t out_channels);
  torch::Tensor forward(torch::Tensor x);

 private:
  int64_t out_channels_;
  BasicConv conv1_{nullptr};
  BasicConv conv2_{nullptr};
  BasicConv conv3_{nullptr};
  BasicConv conv4_{nullptr};
  torch::nn::MaxPool2d maxpool_{nullptr};
};
TORCH_MODULE(CspBlock);
