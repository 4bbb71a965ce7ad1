#include "optimizers/BaseOptimizer.h"

#include <iostream>

namespace {

// log of the mean-field Gaussian the pretraining fits
torch::Tensor mean_field_log_psi(const torch::Tensor &x){
    return -0.4 * torch::sum(x.pow(2), {1, 2});
}

constexpr double kTiny = 1e-10;

torch::Tensor pretrain_loss(const torch::Tensor &psi, const torch::Tensor &target_log){
    return torch::mse_loss(torch::log(psi + kTiny), target_log);
}

}  // namespace

BaseOptimizer::BaseOptimizer(Config cfg, torch::TensorOptions opts)
    : config(cfg),
      options(opts),
      wavefunction(cfg.wavefunction, opts, cfg.sampler.n_particles)
{
    wavefunction->to(options.device());
    walkers = torch::randn({config.sampler.n_walkers, config.sampler.n_particles,
                            config.sampler.n_dim}, options);
    auto acceptance = equilibrate(config.sampler.n_thermalize);
    std::cout << "Done initial equilibration, acceptance = "
              << acceptance.item<double>() << "\n";
}

torch::Tensor BaseOptimizer::equilibrate(int64_t n_iterations){
    torch::NoGradGuard no_grad;
    auto acceptance = torch::zeros({}, options);
    auto psi = wavefunction(walkers);
    for (int64_t i = 0; i < n_iterations; ++i){
        auto proposal = walkers + config.sampler.kick_size * torch::randn_like(walkers);
        auto psi_new = wavefunction(proposal);
        auto ratio = (psi_new / psi).pow(2);
        auto accept = torch::rand_like(ratio) < ratio;
        walkers = torch::where(accept.view({-1, 1, 1}), proposal, walkers);
        psi = torch::where(accept, psi_new, psi);
        acceptance += accept.to(torch::kFloat).mean();
    }
    return acceptance / static_cast<double>(n_iterations);
}

std::map<std::string, torch::Tensor> BaseOptimizer::energy_and_surrogate(torch::Tensor x){
    x = x.detach().requires_grad_(true);
    auto log_psi = torch::log(wavefunction(x));
    auto grad_x = torch::autograd::grad({log_psi.sum()}, {x}, {}, true, true)[0];

    auto kinetic = 0.5 * torch::sum(grad_x.pow(2), {1, 2});
    auto potential = 0.5 * config.omega * config.omega * torch::sum(x.pow(2), {1, 2});
    auto local_energy = kinetic + potential;
    auto energy = local_energy.mean();

    // d<e>/dtheta = <de/dtheta> + 2 <(e - <e>) dlog(psi)/dtheta>
    auto surrogate = energy
        + 2.0 * ((local_energy.detach() - energy.detach()) * log_psi).mean();
    return {{"energy", energy.detach()}, {"surrogate", surrogate},
            {"variance", local_energy.detach().var()}};
}

double BaseOptimizer::pretrain(torch::Device device){
    torch::optim::Adam optimizer(wavefunction->parameters(),
                                 torch::optim::AdamOptions(config.optimizer.pretrain_lr));
    double loss_value = 0.0;
    for (int64_t i = 0; i < config.optimizer.n_pretrain; ++i){
        auto x = torch::randn({config.sampler.n_walkers, config.sampler.n_particles,
                               config.sampler.n_dim}).to(device);
        auto target_log = mean_field_log_psi(x);
        optimizer.zero_grad();
        auto psi = wavefunction(x);
        auto loss = pretrain_loss(psi, target_log);
        loss.backward();
        optimizer.step();
        loss_value = loss.item<double>();
    }
    return loss_value;
}

double BaseOptimizer::optimize(){
    double energy = 0.0;
    const double delta = config.optimizer.delta;
    for (int64_t i = 0; i < config.optimizer.n_iterations; ++i){
        equilibrate(config.sampler.n_void_steps);
        auto metrics = energy_and_surrogate(walkers);
        metrics["surrogate"].backward();
        {
            torch::NoGradGuard no_grad;
            for (auto &p : wavefunction->parameters()){
                if (!p.grad().defined()) continue;
                p.sub_(delta * p.grad().clamp(-1.0, 1.0));
                p.grad().zero_();
            }
        }
        energy = metrics["energy"].item<double>();
        if (i % 25 == 0){
            std::cout << "step " << i << " energy " << energy
                      << " variance " << metrics["variance"].item<double>() << "\n";
        }
    }
    return energy;
}

double BaseOptimizer::measure(int64_t n_blocks){
    double total = 0.0;
    for (int64_t b = 0; b < n_blocks; ++b){
        equilibrate(config.sampler.n_void_steps);
        auto metrics = energy_and_surrogate(walkers);
        total += metrics["energy"].item<double>();
    }
    return total / static_cast<double>(n_blocks);
}
