#include "yolo_tiny.h"

YoloTinyImpl::YoloTinyImpl(const torch::nn::Conv2dOptions& head_options) {
  conv1_ = register_module("conv1", BasicConv(3, 16, 3, 2));   // 64 -> 32
  conv2_ = register_module("conv2", BasicConv(16, 32, 3, 2));  // 32 -> 16
  block1_ = register_module("block1", CspBlock(32, 40));        // 16 -> 8, 80 channels
  neck_ = register_module("neck", BasicConv(80, kNeckChannels, 3));
  head_ = register_module("head", torch::nn::Conv2d(head_options));
}

torch::Tensor YoloTinyImpl::forward(torch::Tensor images) {
  auto x = conv1_(images);
  x = conv2_(x);
  x = block1_(x);
  x = neck_(x);
  return head_(x);
}

torch::Tensor decode_objectness(const torch::Tensor& raw) {
  return torch::sigmoid(raw.select(1, 4));
}

torch::Tensor decode_class_logits(const torch::Tensor& raw) {
  const int64_t num_classes = raw.size(1) - 5;
  return raw.narrow(1, 5, num_classes).permute({0, 2, 3, 1}).reshape({raw.size(0), -1, num_classes});
}

torch::Tensor decode_box_params(const torch::Tensor& raw) {
  return raw.narrow(1, 0, 4).permute({0, 2, 3, 1}).reshape({raw.size(0), -1, 4});
}
