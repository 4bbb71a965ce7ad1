#ifndef YOLO_MODEL_H
#define YOLO_MODEL_H

#include <torch/torch.h>

class YOLOv3Impl : public torch::nn::Module
{
 public:
  // channels of the 1x1 convolution between the backbone and the prediction layer
  static constexpr int64_t kNeckChannels = 100;

  YOLOv3Impl(int64_t input_channel, int64_t num_classes = 20, int64_t num_anchors = 3);
  ~YOLOv3Impl() = default;

  // (batch, anchors, grid, grid, 5 + classes): tx, ty, tw, th, objectness, class logits
  torch::Tensor forward(torch::Tensor x);

  int64_t num_classes() const { return m_num_classes; }
  int64_t num_anchors() const { return m_num_anchors; }

 private:
  torch::nn::Sequential m_module_list{};
  int64_t m_num_classes{ 0 };
  int64_t m_num_anchors{ 0 };
};

TORCH_MODULE(YOLOv3);

#endif  // YOLO_MODEL_H
