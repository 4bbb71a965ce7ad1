#include <torch/torch.h>

#include <iostream>

#include "config/config.h"
#include "optimizers/BaseOptimizer.h"

int main(int argc, char **argv){
    torch::manual_seed(0);
    (void)argc;
    (void)argv;

    Config cfg;
    // Sampler: two particles in a 3D harmonic trap
    cfg.sampler.n_walkers = 256;
    cfg.sampler.n_particles = 2;
    cfg.sampler.n_dim = 3;
    cfg.sampler.n_thermalize = 200;
    cfg.sampler.n_void_steps = 5;
    cfg.sampler.kick_size = 0.5f;
    cfg.omega = 1.0f;

    // Wavefunction
    cfg.wavefunction.confinement = 0.3f;
    cfg.wavefunction.latent_space = 20;
    cfg.wavefunction.individual_config.n_input = cfg.sampler.n_dim;
    cfg.wavefunction.individual_config.n_output = cfg.wavefunction.latent_space;
    cfg.wavefunction.individual_config.n_layers = 4;
    cfg.wavefunction.individual_config.n_filters_per_layer = 50;
    cfg.wavefunction.individual_config.bias = true;
    cfg.wavefunction.individual_config.residual = false;
    cfg.wavefunction.aggregate_config.n_input = cfg.wavefunction.latent_space;
    cfg.wavefunction.aggregate_config.n_output = 1;
    cfg.wavefunction.aggregate_config.n_layers = 4;
    cfg.wavefunction.aggregate_config.n_filters_per_layer = 32;
    cfg.wavefunction.aggregate_config.bias = true;
    cfg.wavefunction.aggregate_config.residual = true;

    // Optimizer
    cfg.optimizer.delta = 0.02f;
    cfg.optimizer.n_iterations = 150;
    cfg.optimizer.pretrain_lr = 1e-3f;
    cfg.optimizer.n_pretrain = 100;

    torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
    auto options = torch::TensorOptions().dtype(torch::kFloat32).device(device);

    BaseOptimizer optimizer(cfg, options);
    const double initial_energy = optimizer.measure(4);
    const double pretrain_loss = optimizer.pretrain(device);
    std::cout << "pretrain loss: " << pretrain_loss << "\n";
    const double final_energy = optimizer.optimize();
    const double test_energy = optimizer.measure(10);

    std::cout << "final loss: " << final_energy << "\n";
    std::cout << "test energy: " << test_energy << " (exact 3.0, initial "
              << initial_energy << ")\n";
    return 0;
}
