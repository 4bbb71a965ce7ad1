/**
 * @defgroup   CONFIG Configuration
 *
 * @brief      Top level configuration of a variational Monte Carlo run.
 */

#pragma once

#include "config/ModelConfig.h"

struct SamplerConfig{
    int n_walkers;
    int n_particles;
    int n_dim;
    int n_thermalize;
    int n_void_steps;
    float kick_size;
};

struct OptimizerConfig{
    float delta;       // learning rate of the hand-written gradient step
    int n_iterations;
    float pretrain_lr;
    int n_pretrain;
};

struct Config{
    DeepSetsCorrelaterConfig wavefunction;
    SamplerConfig sampler;
    OptimizerConfig optimizer;
    float omega;       // harmonic oscillator frequency
};
