#include "forecaster.h"

ForecasterImpl::ForecasterImpl(int64_t num_features, int64_t conv_channels, int64_t hidden_size,
                               int64_t num_layers, int64_t horizon) {
  conv = register_module("conv", torch::nn::Conv1d(torch::nn::Conv1dOptions(num_features, conv_channels, 3).padding(1)));
  lstm = register_module("lstm", torch::nn::LSTM(torch::nn::LSTMOptions(conv_channels, hidden_size).num_layers(num_layers).batch_first(true)));
  head = register_module("head", torch::nn::Linear(hidden_size, horizon));
}

torch::Tensor ForecasterImpl::forward(torch::Tensor x) {
  // Conv1d wants [batch, channels, length].
  auto features = torch::relu(conv(x.transpose(1, 2))).transpose(1, 2);
  auto output = std::get<0>(lstm(features));
  return head(output.select(1, output.size(1) - 1));
}
