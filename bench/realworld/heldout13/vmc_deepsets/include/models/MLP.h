/**
 * @defgroup   MLP MLP
 *
 * @brief      A four layer tanh MLP.
 */

#pragma once

#include <torch/torch.h>

#include "config/ModelConfig.h"

struct MLPImpl : torch::nn::Module {
    explicit MLPImpl(MLPConfig cfg);

    torch::Tensor forward(torch::Tensor x);

    MLPConfig cfg;
    torch::nn::Linear layer1, layer2, layer3, layer4;
};

TORCH_MODULE(MLP);
