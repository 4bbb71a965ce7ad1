#include "losses.h"

torch::Tensor generator_loss(const torch::Tensor& d_fake) {
  return -torch::log(d_fake + 1e-8).mean();
}

double discriminator_accuracy(const torch::Tensor& d_real, const torch::Tensor& d_fake) {
  auto right = (d_real > 0.5).sum() + (d_fake <= 0.5).sum();
  return right.item<double>() / static_cast<double>(d_real.size(0) + d_fake.size(0));
}
