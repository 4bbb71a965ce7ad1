#include "CIFAR100CoarseModule.h"

namespace torch_explorer
{
    CIFAR100CoarseModule::CIFAR100CoarseModule(const std::vector<int64_t>& input_shape, int64_t num_classes)
        : Module("CIFAR100Coarse")
    {
        conv1 = register_module("conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(input_shape[0], 36, 3).padding(1)));
        bn1 = register_module("bn1", torch::nn::BatchNorm2d(36));
        layer1 = register_module("layer1", std::make_shared<ResidualBlock>(36, 72, 2));
        avg_pool = register_module("avg_pool", torch::nn::AdaptiveAvgPool2d(torch::nn::AdaptiveAvgPool2dOptions({1, 1})));
        fc = register_module("fc", torch::nn::Linear(72, num_classes));
    }

    torch::Tensor CIFAR100CoarseModule::forward(torch::Tensor x)
    {
        x = torch::relu(bn1(conv1(x)));
        // Spatial attention: weight every position by its mean activation, normalised per image.
        auto attention = x.mean(1, true);
        attention = attention / (attention.amax({2, 3}, true) + 1e-7);
        x = x * attention;
        x = layer1->forward(x);
        x = avg_pool(x);
        x = x.view({x.size(0), -1});
        return fc(x);
    }
}
