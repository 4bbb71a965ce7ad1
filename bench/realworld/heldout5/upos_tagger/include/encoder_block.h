#pragma once

#include <functional>

#include <torch/torch.h>

#include "attention.h"

// Layer normalisation over the last dimension, written out by hand.
class LayerNormImpl : public torch::nn::Module {
 public:
  explicit LayerNormImpl(int64_t dim);
  torch::Tensor forward(const torch::Tensor& x);

 private:
  torch::Tensor gain_;
  torch::Tensor bias_;
};
TORCH_MODULE(LayerNorm);

class FeedForwardImpl : public torch::nn::Module {
 public:
  FeedForwardImpl(int64_t model_dim, int64_t ffn_dim, double dropout);
  torch::Tensor forward(const torch::Tensor& x);

 private:
  torch::nn::Linear fc1_{nullptr};
  torch::nn::Linear fc2_{nullptr};
  torch::nn::Dropout dropout_{nullptr};
};
TORCH_MODULE(FeedForward);

// Pre-norm Transformer encoder block: x + drop(attn(norm(x))), then the same
// with the feed-forward sublayer.
class EncoderBlockImpl : public torch::nn::Module {
 public:
  EncoderBlockImpl(int64_t model_dim, int64_t num_heads, int64_t ffn_dim, double dropout);
  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& pad_mask);

 private:
  torch::Tensor residual(const torch::Tensor& x, LayerNorm& norm,
                         const std::function<torch::Tensor(const torch::Tensor&)>& sublayer);

  MultiHeadSelfAttention attention_{nullptr};
  FeedForward ffn_{nullptr};
  LayerNorm norm1_{nullptr};
  LayerNorm norm2_{nullptr};
  torch::nn::Dropout dropout_{nullptr};
};
TORCH_MODULE(EncoderBlock);
