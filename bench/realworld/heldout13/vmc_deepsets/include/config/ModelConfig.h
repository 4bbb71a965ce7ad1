/**
 * @defgroup   MODELCONFIG Model Configuration
 *
 * @brief      Configuration of the wavefunction's networks.
 */

#pragma once

struct MLPConfig{
    int n_input;
    int n_output;
    int n_layers;
    int n_filters_per_layer;
    bool bias;
    bool residual;
};

struct DeepSetsCorrelaterConfig{
    MLPConfig individual_config;
    MLPConfig aggregate_config;
    float confinement;
    int latent_space;
};
