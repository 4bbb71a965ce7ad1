#pragma once

#include <torch/torch.h>

// Multi-head self-attention with the heads split by hand (view + transpose).
class MultiHeadSelfAttentionImpl : public torch::nn::Module {
 public:
  MultiHeadSelfAttentionImpl(int64_t model_dim, int64_t num_heads, double dropout);

  // x: [batch, length, model_dim]; pad_mask: [batch, length], true on padding.
  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& pad_mask);

 private:
  torch::Tensor split_heads(const torch::Tensor& t) const;

  int64_t num_heads_;
  int64_t head_dim_;
  torch::nn::Linear query_{nullptr};
  torch::nn::Linear key_{nullptr};
  torch::nn::Linear value_{nullptr};
  torch::nn::Linear out_{nullptr};
  torch::nn::Dropout dropout_{nullptr};
};
TORCH_MODULE(MultiHeadSelfAttention);
