#pragma once

#include "BaseModel.hpp"
#include "DenseLayers.hpp"
#include <torch/torch.h>
#include <vector>

namespace med {
namespace models {

class DenseNetImpl : public BaseModel {
public:
    DenseNetImpl(const std::vector<int>& blockConfig_, int growthRate_, int numInitFeatures,
                 int numClasses, torch::Device device = torch::kCPU);

    torch::Tensor predict(const torch::Tensor& input) override;

private:
    std::vector<int> blockConfig;
    int growthRate;

    torch::nn::Conv2d initConv{nullptr};
    torch::nn::BatchNorm2d initBN{nullptr};
    torch::nn::ReLU initReLU;
    torch::nn::MaxPool2d initPool;
    torch::nn::Sequential features{nullptr};
    torch::nn::BatchNorm2d finalBN{nullptr};
    torch::nn::AdaptiveAvgPool2d avgPool;
    torch::nn::Linear classifier{nullptr};
};
TORCH_MODULE(DenseNet);

} // namespace models
} // namespace med
