#pragma once
#include <torch/torch.h>

#include <vector>

torch::Tensor iou(const torch::Tensor& boxesA, const torch::Tensor& boxesB);

// Predicted offsets -> boxes (cx, cy, w, h) relative to the default boxes.
torch::Tensor decode_boxes(const torch::Tensor& loc, const torch::Tensor& anchors);

torch::Tensor ssd_loss(
    const torch::Tensor& pred_boxes,
    const torch::Tensor& pred_labels,
    const std::vector<torch::Tensor>& targets,
    const torch::Tensor& anchors);
