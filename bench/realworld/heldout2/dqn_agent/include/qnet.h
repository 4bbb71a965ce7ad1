#pragma once

#include <torch/torch.h>

#include <vector>

// Width of the feature layer in front of the hidden stack.
const int64_t kFeatureDim = 32;

// Q-network: one feature layer, then hidden layers built from a list of widths.
struct QNetImpl : torch::nn::Module {
  QNetImpl(int64_t state_dim, const std::vector<int64_t> &hidden_sizes, int64_t num_actions);

  torch::Tensor forward(torch::Tensor state);

  torch::nn::Linear feature{nullptr};
  torch::nn::Sequential body{nullptr};
};
TORCH_MODULE(QNet);

// Copies the parameters of `from` into `to` (target network update).
void hard_update(QNet &to, QNet &from);
