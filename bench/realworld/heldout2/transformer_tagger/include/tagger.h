#pragma once

#include <torch/torch.h>

#include "attention.h"

// Token tagger: embeddings, a stack of encoder layers, a per-token classifier.
struct TaggerImpl : torch::nn::Module {
  TaggerImpl(int64_t vocab_size, int64_t d_model, int64_t num_heads, int64_t ffn_dim,
             int64_t num_layers, int64_t num_tags, int64_t max_len);

  // tokens: [B, T] (0 is padding); returns logits [B, T, num_tags].
  torch::Tensor forward(torch::Tensor tokens);

  torch::nn::Embedding tokens_emb{nullptr}, positions_emb{nullptr};
  torch::nn::ModuleList layers{nullptr};
  torch::nn::Linear classifier{nullptr};
};
TORCH_MODULE(Tagger);
