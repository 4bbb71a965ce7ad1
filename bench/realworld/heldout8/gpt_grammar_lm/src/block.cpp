#include "block.h"

#include "gpt_config.h"

FeedForwardImpl::FeedForwardImpl(int64_t num_embed_dims) {
  seq_ = register_module("seq", torch::nn::Sequential(torch::nn::Linear(num_embed_dims, 4 * num_embed_dims),
                                                      torch::nn::ReLU(),
                                                      torch::nn::Linear(4 * num_embed_dims, num_embed_dims),
                                                      torch::nn::Dropout(kDropout)));
}

torch::Tensor FeedForwardImpl::forward(const torch::Tensor &x) { return seq_->forward(x); }

BlockImpl::BlockImpl(int64_t num_embed_dims, int64_t num_heads) {
  const int64_t head_size = num_embed_dims / num_heads;
  attention_ = register_module("attention", MultiHeadAttention(num_heads, head_size));
  feed_forward_ = register_module("feed_forward", FeedForward(num_embed_dims));
  ln1_ = register_module("ln1", torch::nn::LayerNorm(torch::nn::LayerNormOptions({num_embed_dims})));
}

torch::Tensor BlockImpl::forward(const torch::Tensor &x) {
  auto h = x + attention_(ln1_(x));
  return h + feed_forward_(rms_norm(h));
}

torch::Tensor rms_norm(const torch::Tensor &x) {
  return x * torch::rsqrt(x.pow(2).mean(-1, /*keepdim=*/true) + 1e-6);
}
