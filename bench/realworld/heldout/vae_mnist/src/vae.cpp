#include "vae.h"

#include <torch/torch.h>

VAEImpl::VAEImpl(const VAEConfig& config)
    : fc1(config.image_size, config.h_dim),
      fc2(config.h_dim, config.z_dim),
      fc3(config.h_dim, config.z_dim),
      fc4(config.z_dim, config.h_dim),
      fc5(config.h_dim, config.image_size) {
    register_module("fc1", fc1);
    register_module("fc2", fc2);
    register_module("fc3", fc3);
    register_module("fc4", fc4);
    register_module("fc5", fc5);
}

// Encoder: image -> (mean, log-variance) of the latent code.
std::pair<torch::Tensor, torch::Tensor> VAEImpl::encode(torch::Tensor x) {
    auto hidden = torch::relu(fc1(x));
    return std::make_pair(fc2(hidden), fc3(hidden));
}

// z = mu + sigma * eps while training; the mean at inference.
torch::Tensor VAEImpl::reparameterize(torch::Tensor mu, torch::Tensor log_var) {
    if (!is_training()) {
        return mu;
    }
    auto sigma = torch::exp(0.5 * log_var);
    return mu + sigma * torch::randn_like(sigma);
}

// Decoder: latent code -> pixel probabilities.
torch::Tensor VAEImpl::decode(torch::Tensor z) {
    auto hidden = torch::relu(fc4(z));
    return torch::sigmoid(fc5(hidden));
}

VAEOutput VAEImpl::forward(torch::Tensor x) {
    torch::Tensor mu, log_var;
    std::tie(mu, log_var) = encode(x);
    VAEOutput out;
    out.reconstruction = decode(reparameterize(mu, log_var));
    out.mu = mu;
    out.log_var = log_var;
    return out;
}
