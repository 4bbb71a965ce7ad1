#pragma once

#ifndef ARCHITECTURE_HPP
#define ARCHITECTURE_HPP

#include <torch/torch.h>

namespace architecture
{
    // Linear -> ReLU -> Dropout -> Linear -> Sigmoid: a probability per image
    torch::nn::Sequential make_binary_head(int in_features, int hidden, float dropout = 0.3);
} // namespace architecture

#endif // ARCHITECTURE_HPP
