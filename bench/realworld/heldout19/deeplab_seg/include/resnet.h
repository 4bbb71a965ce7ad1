#pragma once
#include <torch/torch.h>

#include <string>
#include <vector>

namespace _resnetimpl {
torch::nn::Conv2d conv3x3(int64_t in, int64_t out, int64_t stride = 1, int64_t groups = 1, int64_t dilation = 1);

torch::nn::Conv2d conv1x1(int64_t in, int64_t out, int64_t stride = 1);

struct BasicBlock : torch::nn::Module {
    static int expansion;

    int64_t stride;
    torch::nn::Conv2d conv1{nullptr}, conv2{nullptr};
    torch::nn::BatchNorm2d bn1{nullptr}, bn2{nullptr};
    torch::nn::Sequential downsample{nullptr};

    BasicBlock(int64_t inplanes, int64_t planes, int64_t stride = 1,
               torch::nn::Sequential downsample = nullptr, int64_t dilation = 1);

    torch::Tensor forward(torch::Tensor x);
};
}  // namespace _resnetimpl

// A small ResNet of BasicBlocks; layer4 replaces its stride by a dilation, as DeepLab's backbone does.
struct ResNetImpl : torch::nn::Module {
    int64_t inplanes = 16;
    int64_t dilation = 1;
    torch::nn::Conv2d conv1{nullptr};
    torch::nn::BatchNorm2d bn1{nullptr};
    torch::nn::Sequential layer1{nullptr}, layer2{nullptr}, layer3{nullptr}, layer4{nullptr};

    explicit ResNetImpl(const std::vector<int> &layers);

    torch::nn::Sequential _make_layer(int64_t planes, int64_t blocks, int64_t stride = 1, bool dilate = false);

    torch::Tensor forward(torch::Tensor x);
};
TORCH_MODULE(ResNet);

// Runs the backbone and keeps the outputs of the named stages, in order.
struct IntermediateLayerGetterImpl : torch::nn::Module {
    ResNet backbone{nullptr};
    std::vector<std::string> return_layers;

    IntermediateLayerGetterImpl(ResNet backbone, std::vector<std::string> return_layers);

    std::vector<torch::Tensor> forward(torch::Tensor x);
};
TORCH_MODULE(IntermediateLayerGetter);
