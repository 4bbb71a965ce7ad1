#ifndef YOLO_LOSS_H
#define YOLO_LOSS_H

#include <torch/torch.h>

// Target layout (B, A, G, G, 6): tx, ty (offset in the cell), tw, th (grid units), objectness, class.
class YOLOLossImpl : public torch::nn::Module
{
 public:
  YOLOLossImpl(int64_t num_classes, torch::Tensor anchors, double noobj_weight = 0.5);

  torch::Tensor forward(torch::Tensor prediction, torch::Tensor target);

 private:
  int64_t m_num_classes;
  double m_noobj_weight;
  torch::Tensor m_anchors;
};

TORCH_MODULE(YOLOLoss);

#endif  // YOLO_LOSS_H
