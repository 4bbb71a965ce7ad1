#include "vae.h"

VaeImpl::VaeImpl(int64_t in_features, int64_t hidden, int64_t latent)
    : enc1_(register_module("enc1", torch::nn::Linear(in_features, hidden))),
      enc2_(register_module("enc2", torch::nn::Linear(hidden, hidden / 2))),
      mu_(register_module("mu", torch::nn::Linear(hidden / 2, latent))),
      log_var_(register_module("log_var", torch::nn::Linear(hidden / 2, latent))),
      dec1_(register_module("dec1", torch::nn::Linear(latent, hidden / 2))),
      dec2_(register_module("dec2", torch::nn::Linear(hidden / 2, hidden))),
      dec3_(register_module("dec3", torch::nn::Linear(hidden, in_features))) {}

std::pair<torch::Tensor, torch::Tensor> VaeImpl::encode(torch::Tensor x) {
  auto h = torch::relu(enc2_(torch::relu(enc1_(x))));
  return {mu_(h), log_var_(h)};
}

torch::Tensor VaeImpl::decode(torch::Tensor z) {
  return dec3_(torch::relu(dec2_(torch::relu(dec1_(z)))));
}

torch::Tensor VaeImpl::reparameterize(torch::Tensor mu, torch::Tensor log_var) {
  if (!is_training()) {
    return mu;
  }
  auto std = log_var.mul(0.5).exp_();
  auto eps = torch::randn_like(std);
  return eps.mul(std).add_(mu);
}

VaeOutput VaeImpl::forward(torch::Tensor x) {
  auto [mu, log_var] = encode(x);
  auto z = reparameterize(mu, log_var);
  return {decode(z), mu, log_var};
}
