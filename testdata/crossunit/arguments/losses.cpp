#include "model.h"

torch::Tensor log_loss(const torch::Tensor &scores, const torch::Tensor &target) {
  auto p = torch::sigmoid(scores);
  auto shifted = p.clamp_min(1e-8); // CROSS-EXPECT: constant 1e-08 is below fp16
  return -(target * torch::log(shifted)).mean();
}

torch::Tensor margin_loss(torch::Tensor logits, torch::Tensor target) {
  auto wide = logits.masked_fill(target > 0.5, -1e6); // CROSS-EXPECT: constant -1e+06 overflows fp16
  return wide.mean();
}

torch::Tensor calibration_loss(torch::Tensor logits, torch::Tensor target) {
  auto wide = logits.masked_fill(target > 0.5, -1e6);
  return wide.mean();
}

torch::Tensor report_loss(torch::Tensor logits, torch::Tensor target) {
  auto wide = logits.masked_fill(target > 0.5, -1e6);
  return wide.mean();
}
