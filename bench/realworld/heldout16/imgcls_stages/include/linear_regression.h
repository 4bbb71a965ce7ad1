#pragma once
#include <torch/torch.h>

class LinearRegression : public torch::nn::Module
{
public:
    LinearRegression(int input_size, int output_size);
    torch::Tensor forward(torch::Tensor x);

private:
    torch::nn::Linear linear{nullptr};
};
