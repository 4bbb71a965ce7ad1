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

// Helpers of this file, visible to other files but called only here: the hazard is in the helper,
// for what box_loss's caller passes.
torch::Tensor decode(const torch::Tensor &offsets) {
  auto sizes = offsets * 2;
  sizes.exp_(); // CROSS-EXPECT: `exp_` is not autocast and computes in fp16
  return sizes;
}

torch::Tensor decode_quiet(const torch::Tensor &offsets) {
  auto sizes = offsets * 2;
  sizes.exp_();
  return sizes;
}

torch::Tensor box_loss(const torch::Tensor &offsets, const torch::Tensor &target) {
  return (decode(offsets) - target).abs().mean();
}

torch::Tensor quiet_box_loss(const torch::Tensor &offsets, const torch::Tensor &target) {
  return (decode_quiet(offsets) - target).abs().mean();
}

// What the caller passes, selected: fp16 for an fp16 argument. main.cpp passes penalty_loss the
// selection of the model's fp16 result, and quiet_penalty_loss that of an fp32 tensor.
torch::Tensor select_columns(const torch::Tensor &scores) { return scores.slice(1, 0, 4); }

torch::Tensor penalty_loss(const torch::Tensor &columns, const torch::Tensor &target) {
  return columns.masked_fill(target > 0.5, -1e6).mean(); // CROSS-EXPECT: constant -1e+06 overflows fp16
}

torch::Tensor quiet_penalty_loss(const torch::Tensor &columns, const torch::Tensor &target) {
  return columns.masked_fill(target > 0.5, -1e6).mean();
}

// A vector of tensors: main.cpp passes detection_loss the model's fp16 outputs in a
// std::vector, and quiet_detection_loss fp32 ones (a YOLO-style loss over the heads' outputs).
torch::Tensor detection_loss(const std::vector<torch::Tensor> &predictions, const torch::Tensor &target) {
  auto heights = predictions[0].clamp_min(1e-7); // CROSS-EXPECT: constant 1e-07 is below fp16
  return (heights - target).abs().mean();
}

torch::Tensor quiet_detection_loss(const std::vector<torch::Tensor> &predictions, const torch::Tensor &target) {
  auto heights = predictions[0].clamp_min(1e-7);
  return (heights - target).abs().mean();
}
