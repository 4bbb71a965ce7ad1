#pragma once

#include <torch/torch.h>

// Single head of causal self-attention.
class HeadImpl : public torch::nn::Module {
 public:
  explicit HeadImpl(int64_t head_size);
  torch::Tensor forward(const torch::Tensor &x);

 private:
  int64_t head_size_;
  torch::nn::Linear key_{nullptr}, query_{nullptr}, value_{nullptr};
  torch::nn::Dropout dropout_{nullptr};
  torch::Tensor tril_;
};
TORCH_MODULE(Head);

// Several heads in parallel, concatenated and projected back.
class MultiHeadAttentionImpl : public torch::nn::Module {
 public:
  MultiHeadAttentionImpl(int64_t num_heads, int64_t head_size);
  torch::Tensor forward(const torch::Tensor &x);

 private:
  torch::nn::ModuleList heads_{nullptr};
  torch::nn::Linear proj_{nullptr};
  torch::nn::Dropout dropout_{nullptr};
};
TORCH_MODULE(MultiHeadAttention);
