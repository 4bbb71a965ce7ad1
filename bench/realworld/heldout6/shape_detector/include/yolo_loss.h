#pragma once

#include <torch/torch.h>

// One object per image: its cell on the grid, its box and its class.
struct DetectionTargets {
  torch::Tensor obj;   // [B, S, S] 1 at the object's cell
  torch::Tensor cell;  // [B] long, row * S + col
  torch::Tensor box;   // [B, 4] (cx, cy, w, h), normalised to [0, 1]
  torch::Tensor cls;   // [B] long
};

struct LossParts {
  torch::Tensor total;
  torch::Tensor objectness;
  torch::Tensor classification;
  torch::Tensor box;
};

class YoloLoss {
 public:
  YoloLoss(int64_t grid, int64_t num_classes, double anchor);
  LossParts operator()(const torch::Tensor& raw, const DetectionTargets& targets) const;

 private:
  int64_t grid_;
  int64_t num_classes_;
  double anchor_;
};

// Decoded (cx, cy, w, h) of the given cells, [B, 4].
torch::Tensor decode_boxes_at(const torch::Tensor& raw, const torch::Tensor& cell, int64_t grid,
                              double anchor);
// IoU of two sets of (cx, cy, w, h) boxes, [B].
torch::Tensor box_iou(const torch::Tensor& a, const torch::Tensor& b);
