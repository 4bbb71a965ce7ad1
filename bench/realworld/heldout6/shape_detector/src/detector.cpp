#include "detector.h"

#include <iostream>

namespace {

constexpr double kAnchor = 0.3;  // prior box side, as a fraction of the image

DetectionTargets select_targets(const DetectionTargets& t, const torch::Tensor& idx,
                                torch::Device device) {
  return {t.obj.index_select(0, idx).to(device), t.cell.index_select(0, idx).to(device),
          t.box.index_select(0, idx).to(device), t.cls.index_select(0, idx).to(device)};
}

}  // namespace

void Detector::Initialize(int gpu_id, int64_t num_classes, int64_t image_size) {
  if (gpu_id >= 0) {
    device_ = torch::Device(torch::kCUDA, gpu_id);
  } else {
    device_ = torch::Device(torch::kCPU);
  }
  num_classes_ = num_classes;
  image_size_ = image_size;
  grid_ = image_size / 8;

  torch::nn::Conv2dOptions head_options(kNeckChannels, 5 + num_classes_, 1);
  net_ = YoloTiny(head_options);
  net_->to(device_);
}

float Detector::Train(const DetectionSet& train, int num_epochs, int64_t batch_size,
                      double learning_rate) {
  YoloLoss criterion(grid_, num_classes_, kAnchor);
  const int64_t n = train.images.size(0);
  float last_loss = 0.0f;
  for (int epoch = 0; epoch < num_epochs; ++epoch) {
    if (epoch == num_epochs - 2) learning_rate /= 10;
    torch::optim::Adam optimizer(net_->parameters(), torch::optim::AdamOptions(learning_rate));
    net_->train();
    float loss_sum = 0.0f;
    int batch_count = 0;
    auto perm = torch::randperm(n, torch::kLong);
    for (int64_t b = 0; b + batch_size <= n; b += batch_size) {
      auto idx = perm.slice(0, b, b + batch_size);
      auto images = train.images.index_select(0, idx).to(device_);
      auto targets = select_targets(train.targets, idx, device_);

      optimizer.zero_grad();
      auto raw = net_->forward(images);
      auto parts = criterion(raw, targets);
      auto loss = parts.total;
      loss.backward();
      optimizer.step();

      last_loss = loss.item<float>();
      loss_sum += last_loss;
      ++batch_count;
    }
    std::cout << "Epoch: " << epoch << ", Training Loss: " << loss_sum / batch_count << "\n";
  }
  return last_loss;
}

DetectionMetrics Detector::Evaluate(const DetectionSet& test) {
  torch::NoGradGuard no_grad;
  net_->eval();
  auto images = test.images.to(device_);
  auto raw = net_->forward(images).to(torch::kCPU, torch::kFloat);
  const int64_t n = raw.size(0);

  auto obj = decode_objectness(raw).reshape({n, -1});
  auto pred_cell = obj.argmax(1);
  auto cls_logits = decode_class_logits(raw);
  auto pred_cls = cls_logits.gather(1, pred_cell.view({-1, 1, 1}).expand({-1, 1, num_classes_}))
                      .squeeze(1)
                      .argmax(1);
  auto pred_boxes = decode_boxes_at(raw, pred_cell, grid_, kAnchor);
  auto iou_pred = box_iou(pred_boxes, test.targets.box);
  auto hit = (pred_cell == test.targets.cell) & (pred_cls == test.targets.cls) & (iou_pred > 0.5);

  auto true_boxes = decode_boxes_at(raw, test.targets.cell, grid_, kAnchor);
  DetectionMetrics metrics;
  metrics.accuracy = hit.to(torch::kFloat).mean().item<double>();
  metrics.mean_iou = box_iou(true_boxes, test.targets.box).mean().item<double>();
  return metrics;
}
