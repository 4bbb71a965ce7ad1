#pragma once

#include <torch/torch.h>

// Poisson negative log-likelihood (without the log(k!) term) of counts given rates.
torch::Tensor poisson_nll(const torch::Tensor& rate, const torch::Tensor& counts);

// 1 - differentiable F1 score of probabilities against 0/1 targets.
torch::Tensor soft_f1_loss(const torch::Tensor& prob, const torch::Tensor& target);
