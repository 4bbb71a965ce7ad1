#include "feature_extractor.h"

ResidualBlockImpl::ResidualBlockImpl(int64_t inplanes, int64_t planes) {
  conv1_ = register_module(
      "conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(inplanes, planes, 3).padding(1).bias(false)));
  bn1_ = register_module("bn1", torch::nn::BatchNorm2d(planes));
  conv2_ = register_module(
      "conv2", torch::nn::Conv2d(torch::nn::Conv2dOptions(planes, planes, 3).padding(1).bias(false)));
  bn2_ = register_module("bn2", torch::nn::BatchNorm2d(planes));
  if (inplanes != planes) {
    downsample_ = register_module(
        "downsample", torch::nn::Conv2d(torch::nn::Conv2dOptions(inplanes, planes, 1).bias(false)));
  }
}

torch::Tensor ResidualBlockImpl::forward(torch::Tensor x) {
  auto residual = downsample_ ? downsample_->forward(x) : x;
  auto out = torch::relu(bn1_->forward(conv1_->forward(x)));
  out = bn2_->forward(conv2_->forward(out));
  return torch::relu(out + residual);
}

FeatureExtractorImpl::FeatureExtractorImpl(int64_t input_channels, int64_t output_channel) {
  conv0_ = register_module(
      "conv0", torch::nn::Conv2d(torch::nn::Conv2dOptions(input_channels, output_channel / 8, 3)
                                     .padding(1)
                                     .bias(false)));
  bn0_ = register_module("bn0", torch::nn::BatchNorm2d(output_channel / 8));
  block1_ = register_module("block1", ResidualBlock(output_channel / 8, output_channel / 4));
  block2_ = register_module("block2", ResidualBlock(output_channel / 4, output_channel / 2));
  block3_ = register_module("block3", ResidualBlock(output_channel / 2, output_channel));
  pool1_ = register_module("pool1", torch::nn::MaxPool2d(torch::nn::MaxPool2dOptions(2).stride(2)));
  pool2_ = register_module("pool2", torch::nn::MaxPool2d(torch::nn::MaxPool2dOptions(2).stride(2)));
  pool3_ = register_module(
      "pool3", torch::nn::MaxPool2d(torch::nn::MaxPool2dOptions({2, 1}).stride({2, 1})));
}

torch::Tensor FeatureExtractorImpl::forward(torch::Tensor x) {
  x = pool1_->forward(torch::relu(bn0_->forward(conv0_->forward(x))));
  x = pool2_->forward(block1_->forward(x));
  x = pool3_->forward(block2_->forward(x));
  return block3_->forward(x);
}
