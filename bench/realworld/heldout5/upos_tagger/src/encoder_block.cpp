#include "encoder_block.h"

namespace {
constexpr double kLayerNormEps = 1e-6;
}  // namespace

LayerNormImpl::LayerNormImpl(int64_t dim) {
  gain_ = register_parameter("gain", torch::ones({dim}));
  bias_ = register_parameter("bias", torch::zeros({dim}));
}

torch::Tensor LayerNormImpl::forward(const torch::Tensor& x) {
  auto mean = x.mean(-1, /*keepdim=*/true);
  auto var = (x - mean).pow(2).mean(-1, /*keepdim=*/true);
  return gain_ * (x - mean) / torch::sqrt(var + kLayerNormEps) + bias_;
}

FeedForwardImpl::FeedForwardImpl(int64_t model_dim, int64_t ffn_dim, double dropout) {
  fc1_ = register_module("fc1", torch::nn::Linear(model_dim, ffn_dim));
  fc2_ = register_module("fc2", torch::nn::Linear(ffn_dim, model_dim));
  dropout_ = register_module("dropout", torch::nn::Dropout(dropout));
}

torch::Tensor FeedForwardImpl::forward(const torch::Tensor& x) {
  return fc2_->forward(dropout_->forward(torch::gelu(fc1_->forward(x))));
}

EncoderBlockImpl::EncoderBlockImpl(int64_t model_dim, int64_t num_heads, int64_t ffn_dim,
                                   double dropout) {
  attention_ = register_module("attention", MultiHeadSelfAttention(model_dim, num_heads, dropout));
  ffn_ = register_module("ffn", FeedForward(model_dim, ffn_dim, dropout));
  norm1_ = register_module("norm1", LayerNorm(model_dim));
  norm2_ = register_module("norm2", LayerNorm(model_dim));
  dropout_ = register_module("dropout", torch::nn::Dropout(dropout));
}

torch::Tensor EncoderBlockImpl::residual(
    const torch::Tensor& x, LayerNorm& norm,
    const std::function<torch::Tensor(const torch::Tensor&)>& sublayer) {
  return x + dropout_->forward(sublayer(norm->forward(x)));
}

torch::Tensor EncoderBlockImpl::forward(const torch::Tensor& x, const torch::Tensor& pad_mask) {
  auto h = residual(x, norm1_, [&](const torch::Tensor& normed) {
    return attention_->forward(normed, pad_mask);
  });
  return residual(h, norm2_, [&](const torch::Tensor& normed) { return ffn_->forward(normed); });
}
