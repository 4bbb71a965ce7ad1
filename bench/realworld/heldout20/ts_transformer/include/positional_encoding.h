#pragma once

#include <torch/torch.h>

class PositionalEncodingImpl : public torch::nn::Module
{
public:
    PositionalEncodingImpl(int d_model, int max_len = 100);
    torch::Tensor forward(torch::Tensor x);

private:
    torch::Tensor pe;
};

TORCH_MODULE(PositionalEncoding);
