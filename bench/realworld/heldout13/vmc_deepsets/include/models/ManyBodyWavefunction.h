/**
 * @defgroup   MANYBODYWAVEFUNCTION Many Body Wavefunction
 *
 * @brief      psi(x) = exp(correlator(x)) * exp(-confinement * sum r^2)
 */

#pragma once

#include <torch/torch.h>

#include "config/ModelConfig.h"
#include "models/DeepSetsCorrelator.h"

struct ManyBodyWavefunctionImpl : torch::nn::Module {
    ManyBodyWavefunctionImpl(DeepSetsCorrelaterConfig cfg, torch::TensorOptions opts,
                             int64_t n_particles);

    torch::Tensor forward(torch::Tensor x);

    DeepSetsCorrelaterConfig cfg;
    torch::TensorOptions options;
    int64_t n_particles;
    DeepSetsCorrelator dsc;
};

TORCH_MODULE(ManyBodyWavefunction);
