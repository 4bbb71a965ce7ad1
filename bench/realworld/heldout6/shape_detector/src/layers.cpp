#include "layers.h"

torch::nn::Conv2dOptions conv_options(int64_t in_channels, int64_t out_channels,
                                      int64_t kernel_size, int64_t stride, bool with_bias) {
  return torch::nn::Conv2dOptions(in_channels, out_channels, kernel_size)
      .stride(stride)
      .padding(kernel_size / 2)
      .bias(with_bias);
}

BasicConvImpl::BasicConvImpl(int64_t in_channels, int64_t out_channels, int64_t kernel_size,
                             int64_t stride)
    : conv_(register_module(
          "conv", torch::nn::Conv2d(conv_options(in_channels, out_channels, kernel_size, stride)))),
      bn_(register_module("bn", torch::nn::BatchNorm2d(out_channels))),
      activation_(register_module(
          "activation", torch::nn::LeakyReLU(torch::nn::LeakyReLUOptions().negative_slope(0.1)))) {}

torch::Tensor BasicConvImpl::forward(torch::Tensor x) {
  return activation_(bn_(conv_(x)));
}

CspBlockImpl::CspBlockImpl(int64_t in_channels, int64_t out_channels)
    : out_channels_(out_channels) {
  conv1_ = register_module("conv1", BasicConv(in_channels, out_channels, 3));
  conv2_ = register_module("conv2", BasicConv(out_channels / 2, out_channels / 2, 3));
  conv3_ = register_module("conv3", BasicConv(out_channels / 2, out_channels / 2, 3));
  conv4_ = register_module("conv4", BasicConv(out_channels, out_channels, 1));
  maxpool_ = register_module("maxpool", torch::nn::MaxPool2d(torch::nn::MaxPool2dOptions(2).stride(2)));
}

torch::Tensor CspBlockImpl::forward(torch::Tensor x) {
  x = conv1_(x);
  auto route = x;
  x = torch::split(x, out_channels_ / 2, 1)[1];
  x = conv2_(x);
  auto route1 = x;
  x = conv3_(x);
  x = torch::cat({x, route1}, 1);
  x = conv4_(x);
  x = torch::cat({route, x}, 1);
  return maxpool_(x);
}
