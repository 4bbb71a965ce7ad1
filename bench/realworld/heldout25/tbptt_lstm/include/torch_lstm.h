#pragma once

#include <torch/torch.h>

#include <tuple>

// An LSTM over the rows of an image, followed by a scalar value predictor.
struct LSTM : torch::nn::Cloneable<LSTM> {
  torch::nn::LSTM recurrent_unit{nullptr};
  torch::nn::Linear predictor{nullptr};
  int inputs_;
  int hidden_units_;

  LSTM(int inputs, int hidden_units);

  void reset() override;

  std::tuple<torch::Tensor, std::tuple<torch::Tensor, torch::Tensor>>
    forward(torch::Tensor x, std::tuple<torch::Tensor, torch::Tensor> state);

  void decay_gradients(torch::Tensor decay_rate);
};
