#include "gru_core.h"

GruCoreImpl::GruCoreImpl(int64_t input_size, int64_t hidden_size, int64_t num_layers,
                         double dropout)
    : hidden_size_(hidden_size), num_layers_(num_layers) {
  gru_ = register_module("gru", torch::nn::GRU(torch::nn::GRUOptions(input_size, hidden_size)
                                                   .num_layers(num_layers)
                                                   .dropout(dropout)
                                                   .batch_first(true)));
  dropout_ = register_module("dropout", torch::nn::Dropout(dropout));
}

std::tuple<torch::Tensor, torch::Tensor> GruCoreImpl::forward(torch::Tensor x, torch::Tensor h0) {
  auto result = gru_->forward(x, h0);
  return {dropout_->forward(std::get<0>(result)), std::get<1>(result)};
}

torch::Tensor GruCoreImpl::initial_state(int64_t batch, torch::Device device) const {
  return torch::zeros({num_layers_, batch, hidden_size_}, torch::TensorOptions().device(device));
}
