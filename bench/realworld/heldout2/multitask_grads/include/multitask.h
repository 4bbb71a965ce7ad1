#pragma once

#include <torch/torch.h>

// A shared trunk with a regression head and a binary classification head.
class MultiTaskNetImpl : public torch::nn::Module {
 public:
  MultiTaskNetImpl(int64_t in_dim, int64_t trunk_dim, int64_t head_dim);

  torch::Tensor shared(const torch::Tensor &x);
  torch::Tensor regression(const torch::Tensor &h);
  // Binary cross-entropy of the classification head, written out by hand.
  torch::Tensor binary_loss(const torch::Tensor &h, const torch::Tensor &target);

  int64_t in_dim() const { return in_dim_; }

  torch::nn::Linear trunk{nullptr};
  torch::nn::Linear reg_hidden{nullptr}, reg_out{nullptr};
  torch::nn::Linear cls_hidden{nullptr}, cls_out{nullptr};

 private:
  int64_t in_dim_;
};
TORCH_MODULE(MultiTaskNet);
