#include "CIFAR100FineModule.h"

namespace torch_explorer
{
    CIFAR100FineModule::CIFAR100FineModule(const std::vector<int64_t>& input_shape, int64_t num_classes)
        : Module("CIFAR100Fine")
    {
        // Initial convolution with more filters
        conv1 = register_module("conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(input_shape[0], 32, 3).padding(1)));
        bn1 = register_module("bn1", torch::nn::BatchNorm2d(32));

        // Residual blocks
        layer1 = register_module("layer1", std::make_shared<ResidualBlock>(32, 64, 2));
        layer2 = register_module("layer2", std::make_shared<ResidualBlock>(64, kFeatureWidth, 2));

        avg_pool = register_module("avg_pool", torch::nn::AdaptiveAvgPool2d(torch::nn::AdaptiveAvgPool2dOptions({1, 1})));

        fc1 = register_module("fc1", torch::nn::Linear(kFeatureWidth, kFeatureWidth));
        fc2 = register_module("fc2", torch::nn::Linear(kFeatureWidth, num_classes));
        dropout = register_module("dropout", torch::nn::Dropout(0.2));
    }

    torch::Tensor CIFAR100FineModule::features(torch::Tensor x)
    {
        x = torch::relu(bn1(conv1(x)));
        x = layer1->forward(x);
        x = layer2->forward(x);
        x = avg_pool(x);
        return x.view({x.size(0), -1});
    }

    torch::Tensor CIFAR100FineModule::forward(torch::Tensor x)
    {
        x = features(x);
        x = dropout(torch::relu(fc1(x)));
        return fc2(x);
    }
}
