#include "torch_lstm.h"

LSTM::LSTM(int inputs, int hidden_units) : inputs_(inputs), hidden_units_(hidden_units) {
  reset();
}

void LSTM::reset() {
  recurrent_unit = register_module("recurrent_unit", torch::nn::LSTM(inputs_, hidden_units_));
  predictor = register_module("predictor", torch::nn::Linear(hidden_units_, 1));
  predictor->weight.data() = predictor->weight.data() * 0;
  predictor->bias.data() = predictor->bias.data() * 0;
}

std::tuple<torch::Tensor, std::tuple<torch::Tensor, torch::Tensor>>
  LSTM::forward(torch::Tensor x, std::tuple<torch::Tensor, torch::Tensor> state){
  torch::Tensor features, output;
  std::tie(features, state) = recurrent_unit->forward(x, state);
  features = features.view({x.size(0), -1});
  output = predictor->forward(features);
  return std::make_tuple(output, state);
}

void LSTM::decay_gradients(torch::Tensor decay_rate){
  for (auto& param : this->named_parameters()){
    if (param.value().grad().defined()){
      auto g = param.value().grad();
      g.mul_(decay_rate.to(g.device()));
    }
  }
}
