/**
 * @defgroup   BASEOPTIMIZER Base Optimizer
 *
 * @brief      Walks the walkers, measures the energy and updates the
 *             wavefunction: an Adam pretraining and a hand-written gradient
 *             descent on the variational energy.
 */

#pragma once

#include <torch/torch.h>

#include <map>
#include <string>

#include "config/config.h"
#include "models/ManyBodyWavefunction.h"

class BaseOptimizer {
public:
    BaseOptimizer(Config cfg, torch::TensorOptions opts);

    // Metropolis walk of all walkers; returns the acceptance
    torch::Tensor equilibrate(int64_t n_iterations);

    // variational energy of the current walkers, with the surrogate whose
    // gradient is the energy gradient
    std::map<std::string, torch::Tensor> energy_and_surrogate(torch::Tensor x);

    // fit the wavefunction to a mean-field Gaussian before the energy minimisation
    double pretrain(torch::Device device);

    // gradient descent on the variational energy, parameters updated by hand
    double optimize();

    // energy of the trained wavefunction with fresh walkers
    double measure(int64_t n_blocks);

    Config config;
    torch::TensorOptions options;
    ManyBodyWavefunction wavefunction;
    torch::Tensor walkers;
};
