#pragma once

#include <torch/torch.h>

#include "encoder_block.h"
#include "tagger_config.h"

// Part-of-speech tagger: word and word-shape embeddings, a projection to the
// model width, sinusoidal positions, a stack of encoder blocks and a per-token
// classifier.
class TaggerImpl : public torch::nn::Module {
 public:
  explicit TaggerImpl(const TaggerConfig& cfg);

  // words, shapes: [batch, length] (word id 0 is padding). Returns tag logits
  // [batch, length, num_tags].
  torch::Tensor forward(const torch::Tensor& words, const torch::Tensor& shapes);

  int64_t num_tags() const { return num_tags_; }

 private:
  int64_t num_tags_;
  torch::nn::Embedding word_emb_{nullptr};
  torch::nn::Embedding shape_emb_{nullptr};
  torch::nn::Linear in_proj_{nullptr};
  torch::nn::ModuleList blocks_{nullptr};
  LayerNorm final_norm_{nullptr};
  torch::nn::Linear head_{nullptr};
  torch::Tensor positions_;
};
TORCH_MODULE(Tagger);
