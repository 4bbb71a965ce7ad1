#include "yolo_loss.h"

YOLOLossImpl::YOLOLossImpl(int64_t num_classes, torch::Tensor anchors, double noobj_weight)
    : m_num_classes{ num_classes }, m_noobj_weight{ noobj_weight }
{
  m_anchors = register_buffer("anchors", anchors);
}

torch::Tensor YOLOLossImpl::forward(torch::Tensor prediction, torch::Tensor target)
{
  auto obj_mask = target.select(-1, 4) > 0.5;
  auto obj = obj_mask.to(torch::kFloat);
  auto noobj = 1 - obj;
  auto num_obj = obj.sum().clamp_min(1.0);

  // decode the boxes: sigmoid offsets in the cell, anchor-relative sizes
  auto xy = torch::sigmoid(prediction.narrow(-1, 0, 2));
  auto wh = prediction.narrow(-1, 2, 2).exp_() * m_anchors.view({ 1, -1, 1, 1, 2 });
  auto conf = torch::sigmoid(prediction.select(-1, 4));
  auto class_logits = prediction.narrow(-1, 5, m_num_classes);

  auto xy_loss = ((xy - target.narrow(-1, 0, 2)).pow(2).sum(-1) * obj).sum() / num_obj;
  auto wh_loss = ((wh.sqrt() - target.narrow(-1, 2, 2).sqrt()).pow(2).sum(-1) * obj).sum() / num_obj;

  auto obj_loss = -(obj * torch::log(conf + 1e-9) + m_noobj_weight * noobj * torch::log(1 - conf + 1e-9)).sum() / num_obj;

  auto class_target = target.select(-1, 5).index({ obj_mask }).to(torch::kLong);
  auto class_loss = torch::nn::functional::cross_entropy(class_logits.index({ obj_mask }), class_target);

  return xy_loss + wh_loss + obj_loss + class_loss;
}
