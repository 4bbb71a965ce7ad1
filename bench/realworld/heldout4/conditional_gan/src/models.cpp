#include "models.h"

Generator::Generator(int64_t nz, int64_t num_classes, int64_t ngf, int64_t data_dim) {
  main = register_module(
      "main",
      torch::nn::Sequential(
          torch::nn::Linear(nz + num_classes, ngf),
          torch::nn::BatchNorm1d(ngf),
          torch::nn::ReLU(),
          torch::nn::Linear(ngf, ngf * 2),
          torch::nn::BatchNorm1d(ngf * 2),
          torch::nn::ReLU(),
          torch::nn::Linear(ngf * 2, data_dim),
          torch::nn::Tanh()));
}

Discriminator::Discriminator(int64_t data_dim, int64_t num_classes, int64_t ndf) {
  main = register_module(
      "main",
      torch::nn::Sequential(
          torch::nn::Linear(data_dim + num_classes, ndf),
          torch::nn::LeakyReLU(torch::nn::LeakyReLUOptions().negative_slope(0.2)),
          torch::nn::Linear(ndf, ndf / 2),
          torch::nn::LeakyReLU(torch::nn::LeakyReLUOptions().negative_slope(0.2)),
          torch::nn::Linear(ndf / 2, 1),
          torch::nn::Sigmoid()));
}
