#include "multitask.h"

MultiTaskNetImpl::MultiTaskNetImpl(int64_t in_dim, int64_t trunk_dim, int64_t head_dim)
    : in_dim_(in_dim) {
  trunk = register_module("trunk", torch::nn::Linear(in_dim, trunk_dim));
  reg_hidden = register_module("reg_hidden", torch::nn::Linear(trunk_dim, head_dim));
  reg_out = register_module("reg_out", torch::nn::Linear(head_dim, 1));
  cls_hidden = register_module("cls_hidden", torch::nn::Linear(trunk_dim, head_dim));
  cls_out = register_module("cls_out", torch::nn::Linear(head_dim, 1));
}

torch::Tensor MultiTaskNetImpl::shared(const torch::Tensor &x) {
  return torch::relu(trunk(x));
}

torch::Tensor MultiTaskNetImpl::regression(const torch::Tensor &h) {
  return reg_out(torch::relu(reg_hidden(h)));
}

torch::Tensor MultiTaskNetImpl::binary_loss(const torch::Tensor &h, const torch::Tensor &target) {
  auto p = torch::sigmoid(cls_out(torch::relu(cls_hidden(h))));
  return -(target * torch::log(p + 1e-8) + (1 - target) * torch::log(1 - p + 1e-8)).mean();
}
