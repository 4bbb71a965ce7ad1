/**
 * @defgroup   DEEPSETSCORRELATOR Deep Sets Correlator
 *
 * @brief      A permutation invariant correlator: sum over particles of an
 *             individual network, then an aggregate network.
 */

#pragma once

#include <torch/torch.h>

#include "config/ModelConfig.h"
#include "models/MLP.h"

struct DeepSetsCorrelatorImpl : torch::nn::Module {
    explicit DeepSetsCorrelatorImpl(DeepSetsCorrelaterConfig cfg);

    torch::Tensor forward(torch::Tensor x);

    DeepSetsCorrelaterConfig cfg;
    MLP individual_net, aggregate_net;
};

TORCH_MODULE(DeepSetsCorrelator);
