#include "calibrate.h"

namespace F = torch::nn::functional;

double fit_temperature(const torch::Tensor& log_probs, const torch::Tensor& labels) {
  // Optimised as log(T) so that T stays positive.
  auto log_temperature = torch::zeros(
      {1}, torch::TensorOptions().dtype(torch::kFloat).device(log_probs.device()).requires_grad(true));
  torch::optim::LBFGS optimizer({log_temperature}, torch::optim::LBFGSOptions(0.01).max_iter(50));

  for (int round = 0; round < 3; ++round) {
    auto closure = [&]() -> torch::Tensor {
      optimizer.zero_grad();
      auto loss = F::nll_loss(torch::log_softmax(log_probs / log_temperature.exp(), 1), labels);
      loss.backward();
      return loss;
    };
    optimizer.step(closure);
  }
  return log_temperature.exp().item<double>();
}

double expected_calibration_error(const torch::Tensor& probs, const torch::Tensor& labels,
                                  int64_t bins) {
  auto best = probs.max(1);
  auto confidence = std::get<0>(best);
  auto correct = std::get<1>(best).eq(labels).to(torch::kFloat);
  double ece = 0.0;
  for (int64_t b = 0; b < bins; ++b) {
    const double lower = static_cast<double>(b) / bins;
    const double upper = static_cast<double>(b + 1) / bins;
    auto in_bin = confidence.gt(lower).logical_and(confidence.le(upper));
    const double share = in_bin.to(torch::kFloat).mean().item<double>();
    if (share > 0.0) {
      const double gap = (confidence.masked_select(in_bin).mean() -
                          correct.masked_select(in_bin).mean()).abs().item<double>();
      ece += gap * share;
    }
  }
  return ece;
}
