#pragma once
#include <torch/torch.h>

struct Dense_Net : torch::nn::Module {
    Dense_Net();
    torch::Tensor forward(torch::Tensor x);

    torch::nn::Linear fc1{nullptr}, fc2{nullptr}, fc3{nullptr};
};

struct Conv_Net : torch::nn::Module {
    public:
        Conv_Net();
        torch::Tensor forward(torch::Tensor x);

    private:
        torch::nn::Conv2d conv1, conv2;
        torch::nn::Linear fc1, fc2;
};
