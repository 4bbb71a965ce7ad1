#include <ecvm/losses/focal.hpp>

namespace ecvm::losses {

namespace {
// keeps log(p) and log(1 - p) finite
constexpr double kFocalEps = 1e-6;
}

auto sigmoid_focal_loss(const torch::Tensor &logits, const torch::Tensor &targets,
                        double gamma, double alpha) -> torch::Tensor {
  auto p = torch::sigmoid(logits).clamp(kFocalEps, 1.0 - kFocalEps);
  auto positive = targets.gt(0.5);
  auto p_t = torch::where(positive, p, 1 - p);
  auto alpha_t = torch::where(positive, torch::full_like(p, alpha), torch::full_like(p, 1 - alpha));
  return (-alpha_t * torch::pow(1 - p_t, gamma) * torch::log(p_t)).mean();
}

auto micro_f1(const torch::Tensor &logits, const torch::Tensor &targets) -> double {
  auto predicted = logits.gt(0).to(torch::kFloat);
  auto truth = targets.to(torch::kFloat);
  const double tp = (predicted * truth).sum().item<double>();
  const double fp = (predicted * (1 - truth)).sum().item<double>();
  const double fn = ((1 - predicted) * truth).sum().item<double>();
  return 2 * tp / std::max(1.0, 2 * tp + fp + fn);
}

}  // namespace ecvm::losses
