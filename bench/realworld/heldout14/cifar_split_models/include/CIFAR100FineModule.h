#ifndef CIFAR100FINE_MODULE_
#define CIFAR100FINE_MODULE_

#include <memory>
#include <vector>
#include <torch/torch.h>

#include "Common/ResidualBlock.h"

namespace torch_explorer
{
    class CIFAR100FineModule : public torch::nn::Module
    {
    public:
        CIFAR100FineModule(const std::vector<int64_t>& input_shape, int64_t num_classes);
        torch::Tensor forward(torch::Tensor x);
        torch::Tensor features(torch::Tensor x);  // pooled 96-wide features, before the head

        static constexpr int64_t kFeatureWidth = 96;

    private:
        torch::nn::Conv2d conv1{nullptr};
        torch::nn::BatchNorm2d bn1{nullptr};
        std::shared_ptr<ResidualBlock> layer1{nullptr};
        std::shared_ptr<ResidualBlock> layer2{nullptr};
        torch::nn::AdaptiveAvgPool2d avg_pool{nullptr};
        torch::nn::Linear fc1{nullptr}, fc2{nullptr};
        torch::nn::Dropout dropout{nullptr};
    };
}

#endif
