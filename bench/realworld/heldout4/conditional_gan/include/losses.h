#pragma once

#include <torch/torch.h>

// Non-saturating generator loss: maximise log D(G(z)).
torch::Tensor generator_loss(const torch::Tensor& d_fake);

// Fraction of discriminator outputs on the right side of 0.5.
double discriminator_accuracy(const torch::Tensor& d_real, const torch::Tensor& d_fake);
