#include "res_block.h"

ResBlockImpl::ResBlockImpl(int64_t in_channels, int64_t planes, int64_t stride) {
  conv1 = register_module(
      "conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(in_channels, planes, 3).stride(stride).padding(1).bias(false)));
  bn1 = register_module("bn1", torch::nn::BatchNorm2d(planes));
  conv2 = register_module(
      "conv2", torch::nn::Conv2d(torch::nn::Conv2dOptions(planes, planes * expansion, 3).padding(1).bias(false)));
  bn2 = register_module("bn2", torch::nn::BatchNorm2d(planes * expansion));
  if (stride != 1 || in_channels != planes * expansion) {
    shortcut = register_module(
        "shortcut",
        torch::nn::Sequential(
            torch::nn::Conv2d(torch::nn::Conv2dOptions(in_channels, planes * expansion, 1).stride(stride).bias(false)),
            torch::nn::BatchNorm2d(planes * expansion)));
  }
}

torch::Tensor ResBlockImpl::forward(torch::Tensor x) {
  auto out = torch::relu(bn1(conv1(x)));
  out = bn2(conv2(out));
  auto identity = shortcut ? shortcut->forward(x) : x;
  return torch::relu(out + identity);
}

torch::Tensor contrast_norm(const torch::Tensor &h) {
  auto mean = h.mean({2, 3}, /*keepdim=*/true);
  auto deviation = h.std({2, 3}, /*unbiased=*/true, /*keepdim=*/true);
  return (h - mean) / (deviation + 1e-5);
}
