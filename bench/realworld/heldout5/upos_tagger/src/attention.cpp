#include "attention.h"

#include <cmath>

MultiHeadSelfAttentionImpl::MultiHeadSelfAttentionImpl(int64_t model_dim, int64_t num_heads,
                                                       double dropout)
    : num_heads_(num_heads), head_dim_(model_dim / num_heads) {
  TORCH_CHECK(model_dim % num_heads == 0, "model_dim must be a multiple of num_heads");
  query_ = register_module("query", torch::nn::Linear(model_dim, model_dim));
  key_ = register_module("key", torch::nn::Linear(model_dim, model_dim));
  value_ = register_module("value", torch::nn::Linear(model_dim, model_dim));
  out_ = register_module("out", torch::nn::Linear(model_dim, model_dim));
  dropout_ = register_module("dropout", torch::nn::Dropout(dropout));
}

torch::Tensor MultiHeadSelfAttentionImpl::split_heads(const torch::Tensor& t) const {
  return t.view({t.size(0), t.size(1), num_heads_, head_dim_}).transpose(1, 2);
}

torch::Tensor MultiHeadSelfAttentionImpl::forward(const torch::Tensor& x,
                                                  const torch::Tensor& pad_mask) {
  auto q = split_heads(query_->forward(x));
  auto k = split_heads(key_->forward(x));
  auto v = split_heads(value_->forward(x));

  auto scores = torch::matmul(q, k.transpose(-2, -1)) / std::sqrt(static_cast<double>(head_dim_));
  // Padded keys must get no weight.
  scores = scores.masked_fill(pad_mask.unsqueeze(1).unsqueeze(2), -1e9);
  auto weights = dropout_->forward(torch::softmax(scores, -1));

  auto context = torch::matmul(weights, v).transpose(1, 2).contiguous();
  return out_->forward(context.view({x.size(0), x.size(1), -1}));
}
