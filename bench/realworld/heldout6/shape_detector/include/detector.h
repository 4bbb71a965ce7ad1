#pragma once

#include <torch/torch.h>

#include "yolo_loss.h"
#include "yolo_tiny.h"

struct DetectionSet {
  torch::Tensor images;  // [N, 3, H, W] in [0, 1]
  DetectionTargets targets;
};

struct DetectionMetrics {
  double accuracy = 0.0;  // right cell, right class and IoU > 0.5
  double mean_iou = 0.0;  // IoU of the box predicted at the object's cell
};

class Detector {
 public:
  void Initialize(int gpu_id, int64_t num_classes, int64_t image_size);
  float Train(const DetectionSet& train, int num_epochs, int64_t batch_size, double learning_rate);
  DetectionMetrics Evaluate(const DetectionSet& test);

 private:
  torch::Device device_{torch::kCPU};
  int64_t num_classes_ = 0;
  int64_t image_size_ = 0;
  int64_t grid_ = 0;
  YoloTiny net_{nullptr};
};
