#include "losses.h"

torch::Tensor poisson_nll(const torch::Tensor& rate, const torch::Tensor& counts) {
  return (rate - counts * torch::log(rate + 1e-8)).mean();
}

torch::Tensor soft_f1_loss(const torch::Tensor& prob, const torch::Tensor& target) {
  auto true_pos = (prob * target).sum();
  auto false_pos = (prob * (1 - target)).sum();
  auto false_neg = ((1 - prob) * target).sum();
  auto soft_f1 = 2 * true_pos / (2 * true_pos + false_pos + false_neg + 1e-8);
  return 1 - soft_f1;
}
