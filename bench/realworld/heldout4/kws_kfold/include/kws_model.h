#pragma once

#include <torch/torch.h>

#define SCALE 2

// 1-D convolutional keyword spotter over log-mel frames with attentive
// pooling over time.
struct KwsNetImpl : torch::nn::Module {
  KwsNetImpl(int64_t n_mels, int64_t num_keywords);

  // feats: [B, n_mels, T]; lengths: [B] valid frames. Returns log-probabilities.
  torch::Tensor forward(const torch::Tensor& feats, const torch::Tensor& lengths);

  torch::nn::Sequential features{nullptr};
  torch::nn::Linear attention{nullptr};
  torch::nn::Sequential dense{nullptr};
};

TORCH_MODULE(KwsNet);
