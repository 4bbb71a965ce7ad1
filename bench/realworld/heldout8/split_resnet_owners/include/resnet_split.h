#pragma once

#include <torch/torch.h>

#include <array>

#include "res_block.h"

// The layers that stay on the data owner's side of the split.
class ClientNetImpl : public torch::nn::Module {
 public:
  ClientNetImpl(int64_t in_channels, int64_t base_width, int64_t blocks);
  torch::Tensor forward(const torch::Tensor &x);

 private:
  torch::nn::Conv2d stem_{nullptr};
  torch::nn::BatchNorm2d bn_{nullptr};
  torch::nn::Sequential stage_{nullptr};
};
TORCH_MODULE(ClientNet);

struct SplitModel {
  ClientNet client;
  torch::nn::Sequential server;
};

// Appends one stage of residual blocks (the first one may downsample) to seq.
void append_stage(torch::nn::Sequential &seq, int64_t in_channels, int64_t planes, int64_t blocks,
                  int64_t stride);
SplitModel resnet_split(const std::array<int64_t, 3> &layers, int64_t num_classes, int64_t base_width,
                        int64_t in_channels = 3);
