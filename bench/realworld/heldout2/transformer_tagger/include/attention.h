#pragma once

#include <torch/torch.h>

// Multi-head self-attention with a key padding mask (true where the key is padding).
struct MultiHeadAttentionImpl : torch::nn::Module {
  MultiHeadAttentionImpl(int64_t d_model, int64_t num_heads);

  torch::Tensor forward(torch::Tensor x, torch::Tensor pad_mask);

  int64_t num_heads_;
  int64_t head_dim_;
  torch::nn::Linear qkv{nullptr}, out{nullptr};
};
TORCH_MODULE(MultiHeadAttention);

// Post-norm encoder layer: attention, then a two-layer feed-forward block.
struct EncoderLayerImpl : torch::nn::Module {
  EncoderLayerImpl(int64_t d_model, int64_t num_heads, int64_t ffn_dim, double dropout = 0.1);

  torch::Tensor forward(torch::Tensor x, torch::Tensor pad_mask);

  MultiHeadAttention attention{nullptr};
  torch::nn::Linear ff1{nullptr}, ff2{nullptr};
  torch::nn::LayerNorm norm1{nullptr}, norm2{nullptr};
  torch::nn::Dropout drop{nullptr};
};
TORCH_MODULE(EncoderLayer);
