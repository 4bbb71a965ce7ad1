#include "models/ManyBodyWavefunction.h"

ManyBodyWavefunctionImpl::ManyBodyWavefunctionImpl(DeepSetsCorrelaterConfig _cfg,
                                                   torch::TensorOptions opts,
                                                   int64_t _n_particles)
    : cfg(_cfg), options(opts), n_particles(_n_particles), dsc(_cfg)
{
    register_module("dsc", dsc);
}

torch::Tensor ManyBodyWavefunctionImpl::forward(torch::Tensor x){
    // x: [n_walkers, n_particles, n_dim]
    auto correlation = dsc(x).squeeze(-1);
    correlation.exp_();

    // The confinement keeps the wavefunction normalizable:
    auto r2 = torch::sum(x.pow(2), {1, 2});
    auto box = torch::exp(-cfg.confinement * r2);

    return correlation * box;
}
