#include "models/DeepSetsCorrelator.h"

using namespace torch::indexing;

DeepSetsCorrelatorImpl::DeepSetsCorrelatorImpl(DeepSetsCorrelaterConfig _cfg)
    : cfg(_cfg),
      individual_net(_cfg.individual_config),
      aggregate_net(_cfg.aggregate_config)
{
    register_module("individual_net", individual_net);
    register_module("aggregate_net", aggregate_net);
}

torch::Tensor DeepSetsCorrelatorImpl::forward(torch::Tensor x){
    // The input will be of the shape [N_walkers, n_particles, n_dim]
    int64_t n_walkers = x.sizes()[0];
    auto n_particles = x.sizes()[1];

    torch::Tensor summed_output =
        torch::zeros({n_walkers, cfg.individual_config.n_output}, x.options());

    for (int i = 0; i < n_particles; i++){
        auto s = x.index({Slice(), i});
        summed_output += individual_net(s);
    }

    return aggregate_net(summed_output);
}
