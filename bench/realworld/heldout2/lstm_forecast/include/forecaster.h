#pragma once

#include <torch/torch.h>

// Conv1d front end over the feature axis, a stacked LSTM, and a linear head on the last step.
struct ForecasterImpl : torch::nn::Module {
  ForecasterImpl(int64_t num_features, int64_t conv_channels, int64_t hidden_size,
                 int64_t num_layers, int64_t horizon);

  // x: [batch, window, num_features] -> [batch, horizon]
  torch::Tensor forward(torch::Tensor x);

  torch::nn::Conv1d conv{nullptr};
  torch::nn::LSTM lstm{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(Forecaster);
