#pragma once

#include <torch/torch.h>

namespace med {
namespace layers {

// Single dense layer: BN -> ReLU -> 1x1 Conv -> BN -> ReLU -> 3x3 Conv, then concatenate input & output
class DenseLayerImpl : public torch::nn::Module {
public:
    DenseLayerImpl(int inChannels, int growthRate);
    torch::Tensor forward(torch::Tensor x);

private:
    int growthRate;
    torch::nn::BatchNorm2d bn1{nullptr}, bn2{nullptr};
    torch::nn::Conv2d conv1{nullptr}, conv2{nullptr};
};
TORCH_MODULE(DenseLayer);

// DenseBlock: stack of numLayers DenseLayer modules
class DenseBlockImpl : public torch::nn::Module {
public:
    DenseBlockImpl(int numLayers, int inChannels, int growthRate);
    torch::Tensor forward(torch::Tensor x);

private:
    torch::nn::Sequential layers;
};
TORCH_MODULE(DenseBlock);

// Transition: BN -> ReLU -> 1x1 Conv -> 2x2 Avg Pool
class TransitionImpl : public torch::nn::Module {
public:
    TransitionImpl(int inChannels, int outChannels);
    torch::Tensor forward(torch::Tensor x);

private:
    torch::nn::BatchNorm2d bn{nullptr};
    torch::nn::Conv2d conv{nullptr};
    torch::nn::AvgPool2d pool{nullptr};
};
TORCH_MODULE(Transition);

} // namespace layers
} // namespace med
