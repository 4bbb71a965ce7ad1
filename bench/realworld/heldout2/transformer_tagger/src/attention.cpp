#include "attention.h"

#include <cmath>
#include <limits>

MultiHeadAttentionImpl::MultiHeadAttentionImpl(int64_t d_model, int64_t num_heads)
    : num_heads_(num_heads), head_dim_(d_model / num_heads) {
  qkv = register_module("qkv", torch::nn::Linear(d_model, 3 * d_model));
  out = register_module("out", torch::nn::Linear(d_model, d_model));
}

torch::Tensor MultiHeadAttentionImpl::forward(torch::Tensor x, torch::Tensor pad_mask) {
  const int64_t batch = x.size(0);
  const int64_t length = x.size(1);
  auto parts = qkv(x).chunk(3, /*dim=*/-1);
  auto q = parts[0].view({batch, length, num_heads_, head_dim_}).transpose(1, 2);
  auto k = parts[1].view({batch, length, num_heads_, head_dim_}).transpose(1, 2);
  auto v = parts[2].view({batch, length, num_heads_, head_dim_}).transpose(1, 2);

  auto scores = torch::matmul(q, k.transpose(-2, -1)) / std::sqrt(static_cast<double>(head_dim_));
  // Padding keys get the lowest float so that softmax gives them no weight.
  scores = scores.masked_fill(pad_mask.unsqueeze(1).unsqueeze(2), std::numeric_limits<float>::lowest());
  auto weights = torch::softmax(scores, /*dim=*/-1);
  auto context = torch::matmul(weights, v).transpose(1, 2).contiguous();
  return out(context.view({batch, length, num_heads_ * head_dim_}));
}

EncoderLayerImpl::EncoderLayerImpl(int64_t d_model, int64_t num_heads, int64_t ffn_dim, double dropout) {
  attention = register_module("attention", MultiHeadAttention(d_model, num_heads));
  ff1 = register_module("ff1", torch::nn::Linear(d_model, ffn_dim));
  ff2 = register_module("ff2", torch::nn::Linear(ffn_dim, d_model));
  norm1 = register_module("norm1", torch::nn::LayerNorm(torch::nn::LayerNormOptions({d_model})));
  norm2 = register_module("norm2", torch::nn::LayerNorm(torch::nn::LayerNormOptions({d_model})));
  drop = register_module("drop", torch::nn::Dropout(dropout));
}

torch::Tensor EncoderLayerImpl::forward(torch::Tensor x, torch::Tensor pad_mask) {
  x = norm1(x + drop(attention(x, pad_mask)));
  return norm2(x + drop(ff2(torch::gelu(ff1(x)))));
}
