#pragma once

#include <torch/torch.h>
#include <array>
#include <vector>

#include "module_utils.hpp"
#include "residual_block.hpp"

namespace torch {
namespace nn {

template <typename Block>
class ResNetImpl : public torch::nn::Module {
   public:
    explicit ResNetImpl(const std::array<int64_t, 3>& layers, int64_t num_classes = 10,
                        int64_t head_hidden = 64);
    torch::Tensor forward(torch::Tensor x);

   private:
    int64_t in_channels = 20;
    torch::nn::Conv2d conv{convNxN<3>(3, 20)};
    torch::nn::BatchNorm2d bn{20};
    torch::nn::ReLU relu;
    torch::nn::Sequential layer1;
    torch::nn::Sequential layer2;
    torch::nn::Sequential layer3;
    torch::nn::AvgPool2d avg_pool{4};
    torch::nn::Linear fc1;
    torch::nn::Linear fc;

    torch::nn::Sequential make_layer(int64_t out_channels, int64_t blocks, int64_t stride = 1);
};

// TORCH_MODULE(ResNet) won't work because ResNetImpl needs a template
// argument: wrap the class into a ModuleHolder (a shared_ptr wrapper) by hand.
template <typename Block = ResidualBlock>
class ResNet : public torch::nn::ModuleHolder<ResNetImpl<Block>> {
   public:
    using torch::nn::ModuleHolder<ResNetImpl<Block>>::ModuleHolder;
};

}  // namespace nn
}  // namespace torch
