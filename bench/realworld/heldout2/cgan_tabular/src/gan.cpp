#include "gan.h"

GeneratorImpl::GeneratorImpl(int64_t noise_dim, int64_t cond_dim, int64_t hidden, int64_t out_dim)
    : fc1(register_module("fc1", torch::nn::Linear(noise_dim + cond_dim, hidden))),
      fc2(register_module("fc2", torch::nn::Linear(hidden, hidden * 2))),
      fc3(register_module("fc3", torch::nn::Linear(hidden * 2, out_dim))),
      bn1(register_module("bn1", torch::nn::BatchNorm1d(hidden))),
      bn2(register_module("bn2", torch::nn::BatchNorm1d(hidden * 2))) {}

torch::Tensor GeneratorImpl::forward(torch::Tensor noise, torch::Tensor cond) {
  auto x = torch::cat({noise, cond}, /*dim=*/1);
  x = torch::leaky_relu(bn1(fc1(x)), 0.2);
  x = torch::leaky_relu(bn2(fc2(x)), 0.2);
  return torch::tanh(fc3(x));
}

torch::nn::Sequential make_discriminator(int64_t in_dim, int64_t hidden) {
  return torch::nn::Sequential(
      torch::nn::Linear(in_dim, hidden),
      torch::nn::LeakyReLU(torch::nn::LeakyReLUOptions().negative_slope(0.2)),
      torch::nn::Dropout(0.3),
      torch::nn::Linear(hidden, hidden / 2),
      torch::nn::LeakyReLU(torch::nn::LeakyReLUOptions().negative_slope(0.2)),
      torch::nn::Linear(hidden / 2, 1),
      torch::nn::Sigmoid());
}
