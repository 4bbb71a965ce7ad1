#include "losses.h"

namespace {
constexpr double kFocalGamma = 2.0;
constexpr double kFocalWeight = 0.5;
constexpr double kProbEps = 1e-7;
}  // namespace

torch::Tensor segmentation_loss(const torch::Tensor& logits, const torch::Tensor& target) {
  auto bce = torch::binary_cross_entropy_with_logits(logits, target);
  // Focal term (added for this corpus): down-weights the easy background pixels.
  auto p = torch::sigmoid(logits).clamp(kProbEps, 1.0 - kProbEps);
  auto pt = target * p + (1 - target) * (1 - p);
  auto focal = -(torch::pow(1 - pt, kFocalGamma) * torch::log(pt)).mean();
  return bce + kFocalWeight * focal;
}

double dice_score(const torch::Tensor& logits, const torch::Tensor& target) {
  auto pred = (logits > 0).to(torch::kFloat);
  auto inter = (pred * target).sum();
  auto denom = pred.sum() + target.sum();
  return ((2 * inter + 1.0) / (denom + 1.0)).item<double>();
}
