#pragma once

#include <torch/torch.h>

#include "layers.h"

// Channels of the feature map that the detection head reads.
constexpr int64_t kNeckChannels = 64;

// A one-scale YOLO: 64 x 64 image -> 8 x 8 grid of (tx, ty, tw, th, objectness, classes...).
class YoloTinyImpl : public torch::nn::Module {
 public:
  explicit YoloTinyImpl(const torch::nn::Conv2dOptions& head_options);
  torch::Tensor forward(torch::Tensor images);  // raw map [B, 5 + C, S, S]

 private:
  BasicConv conv1_{nullptr};
  BasicConv conv2_{nullptr};
  CspBlock block1_{nullptr};
  BasicConv neck_{nullptr};
  torch::nn::Conv2d head_{nullptr};
};
TORCH_MODULE(YoloTiny);

// Objectness probability of every cell, [B, S, S].
torch::Tensor decode_objectness(const torch::Tensor& raw);
// Class logits of every cell, [B, S * S, C].
torch::Tensor decode_class_logits(const torch::Tensor& raw);
// Box parameters of every cell, [B, S * S, 4].
torch::Tensor decode_box_params(const torch::Tensor& raw);
