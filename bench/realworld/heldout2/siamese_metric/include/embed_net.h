#pragma once

#include <torch/torch.h>

// Sizes of the embedding network, chosen by the caller.
struct EmbedOptions {
  int64_t in_dim;
  int64_t hidden;
  int64_t embed_dim;
};

// Maps a feature vector to an embedding whose coordinates lie in [-1, 1].
struct EmbedNetImpl : torch::nn::Module {
  explicit EmbedNetImpl(const EmbedOptions &options);

  torch::Tensor forward(torch::Tensor x);

  EmbedOptions options_;
  torch::nn::Linear fc1{nullptr}, fc2{nullptr}, head{nullptr};
  torch::nn::LayerNorm norm{nullptr};
};
TORCH_MODULE(EmbedNet);
