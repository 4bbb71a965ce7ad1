#pragma once

#include <torch/torch.h>

// Conditional generator: a noise vector and a one-hot condition in, one data row out.
struct GeneratorImpl : torch::nn::Module {
  GeneratorImpl(int64_t noise_dim, int64_t cond_dim, int64_t hidden, int64_t out_dim);

  torch::Tensor forward(torch::Tensor noise, torch::Tensor cond);

  torch::nn::Linear fc1{nullptr}, fc2{nullptr}, fc3{nullptr};
  torch::nn::BatchNorm1d bn1{nullptr}, bn2{nullptr};
};
TORCH_MODULE(Generator);

// Discriminator: a Sequential that ends in Sigmoid (probability that a row is real).
torch::nn::Sequential make_discriminator(int64_t in_dim, int64_t hidden);
