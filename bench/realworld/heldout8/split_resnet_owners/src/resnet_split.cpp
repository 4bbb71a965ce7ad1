#include "resnet_split.h"

void append_stage(torch::nn::Sequential &seq, int64_t in_channels, int64_t planes, int64_t blocks,
                  int64_t stride) {
  seq->push_back(ResBlock(in_channels, planes, stride));
  for (int64_t i = 1; i < blocks; ++i) {
    seq->push_back(ResBlock(planes * ResBlockImpl::expansion, planes, 1));
  }
}

ClientNetImpl::ClientNetImpl(int64_t in_channels, int64_t base_width, int64_t blocks) {
  stem_ = register_module("stem", torch::nn::Conv2d(torch::nn::Conv2dOptions(in_channels, base_width, 3).padding(1).bias(false)));
  bn_ = register_module("bn", torch::nn::BatchNorm2d(base_width));
  stage_ = register_module("stage", torch::nn::Sequential());
  append_stage(stage_, base_width, base_width, blocks, 1);
}

torch::Tensor ClientNetImpl::forward(const torch::Tensor &x) {
  auto h = contrast_norm(stem_(x));
  h = torch::relu(bn_(h));
  return stage_->forward(h);
}

SplitModel resnet_split(const std::array<int64_t, 3> &layers, int64_t num_classes, int64_t base_width,
                        int64_t in_channels) {
  SplitModel model{ClientNet(in_channels, base_width, layers[0]), torch::nn::Sequential()};
  append_stage(model.server, base_width, base_width * 2, layers[1], 2);
  append_stage(model.server, base_width * 2, base_width * 4, layers[2], 2);
  model.server->push_back(torch::nn::AdaptiveAvgPool2d(torch::nn::AdaptiveAvgPool2dOptions(1)));
  model.server->push_back(torch::nn::Flatten());
  model.server->push_back(torch::nn::Linear(base_width * 4 * ResBlockImpl::expansion, num_classes));
  return model;
}
