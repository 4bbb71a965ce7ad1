#pragma once

#include <torch/torch.h>

// p = sigmoid(a * logit + b), fitted on held-out logits.
struct PlattScaler {
  double a = 1.0;
  double b = 0.0;
};

PlattScaler fit_platt(const torch::Tensor& logits, const torch::Tensor& labels, int64_t iterations,
                      double learning_rate);

double mean_log_loss(const torch::Tensor& prob, const torch::Tensor& labels);
