#pragma once

#ifndef POSITION_FFD_H
#define POSITION_FFD_H

#include <torch/torch.h>

struct PositionwiseFeedForwardImpl : torch::nn::Module
{
    PositionwiseFeedForwardImpl(int64_t d_model, int64_t d_ff, double drop = 0.1);

    torch::Tensor forward(torch::Tensor x);

    torch::nn::Linear fc1{nullptr};
    torch::nn::Linear fc2{nullptr};
};
TORCH_MODULE(PositionwiseFeedForward);

#endif
