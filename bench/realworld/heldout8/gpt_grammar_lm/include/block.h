#pragma once

#include <torch/torch.h>

#include "attention.h"

class FeedForwardImpl : public torch::nn::Module {
 public:
  explicit FeedForwardImpl(int64_t num_embed_dims);
  torch::Tensor forward(const torch::Tensor &x);

 private:
  torch::nn::Sequential seq_{nullptr};
};
TORCH_MODULE(FeedForward);

// Transformer block: communication (attention) then computation (feed-forward).
class BlockImpl : public torch::nn::Module {
 public:
  BlockImpl(int64_t num_embed_dims, int64_t num_heads);
  torch::Tensor forward(const torch::Tensor &x);

 private:
  MultiHeadAttention attention_{nullptr};
  FeedForward feed_forward_{nullptr};
  torch::nn::LayerNorm ln1_{nullptr};
};
TORCH_MODULE(Block);

// Root-mean-square normalisation without a learned scale.
torch::Tensor rms_norm(const torch::Tensor &x);
