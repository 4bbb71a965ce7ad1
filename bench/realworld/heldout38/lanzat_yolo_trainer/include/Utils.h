#pragma once

#include <torch/torch.h>

namespace yolo {
namespace utils {

// IoU of boxes given as (cx, cy, w, h), element-wise over the leading dims
torch::Tensor bbox_iou(const torch::Tensor& box1, const torch::Tensor& box2);

// (cx, cy, w, h) -> (x1, y1, x2, y2)
torch::Tensor xywh2xyxy(const torch::Tensor& x);

} // namespace utils
} // namespace yolo
