#pragma once

#include <torch/torch.h>

// Two 3x3 convolutions with a residual connection (1x1 projection when the width changes).
class ResidualBlockImpl : public torch::nn::Module {
 public:
  ResidualBlockImpl(int64_t inplanes, int64_t planes);
  torch::Tensor forward(torch::Tensor x);

 private:
  torch::nn::Conv2d conv1_{nullptr};
  torch::nn::BatchNorm2d bn1_{nullptr};
  torch::nn::Conv2d conv2_{nullptr};
  torch::nn::BatchNorm2d bn2_{nullptr};
  torch::nn::Conv2d downsample_{nullptr};
};
TORCH_MODULE(ResidualBlock);

// Convolutional feature extractor: [B, C_in, H, W] -> [B, output_channel, H / 8, W / 4].
class FeatureExtractorImpl : public torch::nn::Module {
 public:
  FeatureExtractorImpl(int64_t input_channels, int64_t output_channel);
  torch::Tensor forward(torch::Tensor x);

 private:
  torch::nn::Conv2d conv0_{nullptr};
  torch::nn::BatchNorm2d bn0_{nullptr};
  ResidualBlock block1_{nullptr};
  ResidualBlock block2_{nullptr};
  ResidualBlock block3_{nullptr};
  torch::nn::MaxPool2d pool1_{nullptr};
  torch::nn::MaxPool2d pool2_{nullptr};
  torch::nn::MaxPool2d pool3_{nullptr};
};
TORCH_MODULE(FeatureExtractor);
