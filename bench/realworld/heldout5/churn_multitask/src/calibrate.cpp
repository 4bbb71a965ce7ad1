#include "calibrate.h"

PlattScaler fit_platt(const torch::Tensor& logits, const torch::Tensor& labels, int64_t iterations,
                      double learning_rate) {
  auto options =
      torch::TensorOptions().dtype(torch::kFloat).device(logits.device()).requires_grad(true);
  auto a = torch::ones({1}, options);
  auto b = torch::zeros({1}, options);

  for (int64_t it = 0; it < iterations; ++it) {
    auto loss = torch::binary_cross_entropy_with_logits(a * logits + b, labels);
    loss.backward();
    {
      torch::NoGradGuard no_grad;
      a -= learning_rate * a.grad();
      b -= learning_rate * b.grad();
      a.grad().zero_();
      b.grad().zero_();
    }
  }
  return {a.item<double>(), b.item<double>()};
}

double mean_log_loss(const torch::Tensor& prob, const torch::Tensor& labels) {
  auto p = prob.clamp(1e-7, 1.0 - 1e-7);
  return -(labels * torch::log(p) + (1 - labels) * torch::log(1 - p)).mean().item<double>();
}
