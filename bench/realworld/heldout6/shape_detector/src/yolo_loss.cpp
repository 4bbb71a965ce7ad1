#include "yolo_loss.h"

#include "yolo_tiny.h"

namespace {

torch::Tensor clip_by_tensor(torch::Tensor t, double t_min, double t_max) {
  t = t.to(torch::kFloat32);
  return torch::clamp(t, t_min, t_max);
}

torch::Tensor bce(torch::Tensor pred, const torch::Tensor& target) {
  pred = clip_by_tensor(pred, 1e-7, 1.0 - 1e-7);
  return -target * torch::log(pred) - (1.0 - target) * torch::log(1.0 - pred);
}

}  // namespace

torch::Tensor decode_boxes_at(const torch::Tensor& raw, const torch::Tensor& cell, int64_t grid,
                              double anchor) {
  auto params = decode_box_params(raw);
  auto at = params.gather(1, cell.view({-1, 1, 1}).expand({-1, 1, 4})).squeeze(1);  // [B, 4]
  auto col = torch::remainder(cell, grid).to(torch::kFloat);
  auto row = torch::div(cell, grid, "floor").to(torch::kFloat);
  auto cx = (torch::sigmoid(at.select(1, 0)) + col) / static_cast<double>(grid);
  auto cy = (torch::sigmoid(at.select(1, 1)) + row) / static_cast<double>(grid);
  auto w = torch::exp(at.select(1, 2).clamp(-4.0, 4.0)) * anchor;
  auto h = torch::exp(at.select(1, 3).clamp(-4.0, 4.0)) * anchor;
  return torch::stack({cx, cy, w, h}, 1);
}

torch::Tensor box_iou(const torch::Tensor& a, const torch::Tensor& b) {
  auto a_x1 = a.select(1, 0) - a.select(1, 2) / 2, a_x2 = a.select(1, 0) + a.select(1, 2) / 2;
  auto a_y1 = a.select(1, 1) - a.select(1, 3) / 2, a_y2 = a.select(1, 1) + a.select(1, 3) / 2;
  auto b_x1 = b.select(1, 0) - b.select(1, 2) / 2, b_x2 = b.select(1, 0) + b.select(1, 2) / 2;
  auto b_y1 = b.select(1, 1) - b.select(1, 3) / 2, b_y2 = b.select(1, 1) + b.select(1, 3) / 2;
  auto inter_w = (torch::min(a_x2, b_x2) - torch::max(a_x1, b_x1)).clamp_min(0.0);
  auto inter_h = (torch::min(a_y2, b_y2) - torch::max(a_y1, b_y1)).clamp_min(0.0);
  auto inter = inter_w * inter_h;
  auto uni = a.select(1, 2) * a.select(1, 3) + b.select(1, 2) * b.select(1, 3) - inter;
  return inter / (uni + 1e-7);
}

YoloLoss::YoloLoss(int64_t grid, int64_t num_classes, double anchor)
    : grid_(grid), num_classes_(num_classes), anchor_(anchor) {}

LossParts YoloLoss::operator()(const torch::Tensor& raw, const DetectionTargets& targets) const {
  const double batch = static_cast<double>(raw.size(0));

  // Objectness: focal loss over every cell.
  auto obj = decode_objectness(raw);
  auto log_obj = torch::log(obj + 1e-8);
  auto log_no_obj = torch::log(1 - obj + 1e-8);
  auto obj_loss = -(targets.obj * (1 - obj).pow(2) * log_obj +
                    (1 - targets.obj) * obj.pow(2) * log_no_obj).sum() / batch;

  // Classes: sigmoid + binary cross-entropy at the object's cell.
  auto cls_logits = decode_class_logits(raw);
  auto index = targets.cell.view({-1, 1, 1}).expand({-1, 1, num_classes_});
  auto cls_prob = torch::sigmoid(cls_logits.gather(1, index).squeeze(1));
  auto one_hot = torch::one_hot(targets.cls, num_classes_).to(torch::kFloat);
  auto cls_loss = bce(cls_prob, one_hot).sum() / batch;

  // Box: 1 - IoU at the object's cell.
  auto boxes = decode_boxes_at(raw, targets.cell, grid_, anchor_);
  auto box_loss = (1 - box_iou(boxes, targets.box)).sum() / batch;

  return {obj_loss + cls_loss + 2.0 * box_loss, obj_loss, cls_loss, box_loss};
}
