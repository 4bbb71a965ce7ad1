#ifndef CIFAR100COARSE_MODULE_
#define CIFAR100COARSE_MODULE_

#include <memory>
#include <vector>
#include <torch/torch.h>

#include "Common/ResidualBlock.h"

namespace torch_explorer
{
    class CIFAR100CoarseModule : public torch::nn::Module
    {
    public:
        CIFAR100CoarseModule(const std::vector<int64_t>& input_shape, int64_t num_classes);
        torch::Tensor forward(torch::Tensor x);

    private:
        torch::nn::Conv2d conv1{nullptr};
        torch::nn::BatchNorm2d bn1{nullptr};
        std::shared_ptr<ResidualBlock> layer1{nullptr};
        torch::nn::AdaptiveAvgPool2d avg_pool{nullptr};
        torch::nn::Linear fc{nullptr};
    };
}

#endif
