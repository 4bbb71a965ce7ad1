// CIFAR-style ResNet (three stages of 16/32/64 channels), generic over the residual block type.
#pragma once

#include <torch/torch.h>

#include <array>

#include "residual_block.h"

namespace resnet {

template <typename Block>
class ResNetImpl : public torch::nn::Module {
 public:
    explicit ResNetImpl(const std::array<int64_t, 3>& blocks_per_stage, int64_t num_classes = 10);

    torch::Tensor forward(torch::Tensor x);

 private:
    torch::nn::Sequential stage(int64_t channels, int64_t num_blocks, int64_t stride);

    int64_t current_channels_ = 16;
    torch::nn::Conv2d stem{conv3x3(3, 16)};
    torch::nn::BatchNorm2d stem_bn{16};
    torch::nn::Sequential stage1{nullptr};
    torch::nn::Sequential stage2{nullptr};
    torch::nn::Sequential stage3{nullptr};
    torch::nn::Linear classifier{nullptr};
};

template <typename Block>
ResNetImpl<Block>::ResNetImpl(const std::array<int64_t, 3>& blocks_per_stage, int64_t num_classes)
    : stage1(stage(16, blocks_per_stage[0], 1)),
      stage2(stage(32, blocks_per_stage[1], 2)),
      stage3(stage(64, blocks_per_stage[2], 2)),
      classifier(64, num_classes) {
    register_module("stem", stem);
    register_module("stem_bn", stem_bn);
    register_module("stage1", stage1);
    register_module("stage2", stage2);
    register_module("stage3", stage3);
    register_module("classifier", classifier);
}

template <typename Block>
torch::nn::Sequential ResNetImpl<Block>::stage(int64_t channels, int64_t num_blocks, int64_t stride) {
    torch::nn::Sequential shortcut{nullptr};
    if (stride != 1 || current_channels_ != channels) {
        shortcut = torch::nn::Sequential(conv3x3(current_channels_, channels, stride),
                                         torch::nn::BatchNorm2d(channels));
    }

    torch::nn::Sequential blocks;
    blocks->push_back(Block(current_channels_, channels, stride, shortcut));
    current_channels_ = channels;
    for (int64_t i = 1; i < num_blocks; ++i) {
        blocks->push_back(Block(channels, channels));
    }
    return blocks;
}

template <typename Block>
torch::Tensor ResNetImpl<Block>::forward(torch::Tensor x) {
    x = torch::relu(stem_bn(stem(x)));
    x = stage3->forward(stage2->forward(stage1->forward(x)));
    x = torch::adaptive_avg_pool2d(x, {1, 1}).flatten(1);
    return classifier(x);
}

// Module holder, so that the model is used as `ResNet<> model(...)` and `model->forward(...)`.
template <typename Block = ResidualBlock>
class ResNet : public torch::nn::ModuleHolder<ResNetImpl<Block>> {
 public:
    using torch::nn::ModuleHolder<ResNetImpl<Block>>::ModuleHolder;
};

}  // namespace resnet
