#include "discriminator.h"

DiscriminatorImpl::DiscriminatorImpl(int64_t in_dim, int64_t hidden) {
  model_ = torch::nn::Sequential(
      torch::nn::Linear(in_dim, hidden),
      torch::nn::LeakyReLU(torch::nn::LeakyReLUOptions().negative_slope(0.2)),
      torch::nn::Linear(hidden, hidden),
      torch::nn::LeakyReLU(torch::nn::LeakyReLUOptions().negative_slope(0.2)),
      torch::nn::Linear(hidden, 1),
      torch::nn::Sigmoid());
  register_module("model", model_);
}

torch::Tensor DiscriminatorImpl::forward(torch::Tensor x) { return model_->forward(x); }

torch::Tensor confidence_penalty(const torch::Tensor& prob) {
  return (prob * torch::log(prob + 1e-10) + (1 - prob) * torch::log(1 - prob + 1e-10)).mean();
}
