#include "vae.h"

VAEImpl::VAEImpl(int64_t image_size, int64_t h_dim, int64_t z_dim)
    : fc1(image_size, h_dim), fc2(h_dim, z_dim), fc3(h_dim, z_dim), fc4(z_dim, h_dim), fc5(h_dim, image_size) {
  register_module("fc1", fc1);
  register_module("fc2", fc2);
  register_module("fc3", fc3);
  register_module("fc4", fc4);
  register_module("fc5", fc5);
}

torch::Tensor VAEImpl::decode(torch::Tensor z) {
  auto h = torch::nn::functional::relu(fc4->forward(z));
  return torch::sigmoid(fc5->forward(h));
}

VAEOutput VAEImpl::forward(torch::Tensor x) {
  auto h = torch::nn::functional::relu(fc1->forward(x));
  auto mu = fc2->forward(h);
  auto log_var = fc3->forward(h);
  auto z = mu + torch::randn_like(mu) * torch::exp(log_var / 2);
  return {decode(z), mu, log_var};
}
