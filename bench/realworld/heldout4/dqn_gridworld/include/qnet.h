#pragma once

#include <torch/torch.h>

// Q-network over a state vector; actions that are not valid get a very low
// value so that argmax never picks them.
struct QNetImpl : torch::nn::Module {
  QNetImpl(int64_t state_dim, int64_t n_actions, int64_t hidden = 100);

  torch::Tensor forward(torch::Tensor state, torch::Tensor valid);

  torch::nn::Linear fc1{nullptr}, fc2{nullptr}, fc3{nullptr};
};

TORCH_MODULE(QNet);
