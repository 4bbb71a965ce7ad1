#include "predictor.h"

PredictorImpl::PredictorImpl(const CodecConfig &cfg) : layers_(cfg.layers), hidden_(cfg.hidden) {
  embedding_ = register_module("embedding", torch::nn::Embedding(kLevels, CodecConfig::kEmbed));
  lstm_ = register_module("lstm", torch::nn::LSTM(torch::nn::LSTMOptions(CodecConfig::kEmbed, cfg.hidden)
                                                      .num_layers(cfg.layers)
                                                      .batch_first(true)));
  fc_ = register_module("fc", torch::nn::Linear(cfg.hidden, kLevels));
  mu_ = register_module("mu", torch::nn::Linear(cfg.hidden, 1));
  scale_ = register_module("scale", ScaleHead(cfg.hidden, cfg.scale_hidden));
}

PredictorOutput PredictorImpl::forward(const torch::Tensor &codes, const LstmState &state) {
  auto x = embedding_(codes);  // [B, T, kEmbed]
  auto lstm_out = lstm_->forward(x, state);
  auto h = std::get<0>(lstm_out);
  PredictorOutput out;
  out.logits = fc_(h);
  out.mu = torch::sigmoid(mu_(h)).squeeze(-1);
  out.scale = scale_(h);
  out.state = std::get<1>(lstm_out);
  return out;
}

LstmState PredictorImpl::init_state(int64_t batch, torch::Device device) const {
  auto h0 = torch::zeros({layers_, batch, hidden_}, torch::TensorOptions().device(device));
  auto c0 = torch::zeros({layers_, batch, hidden_}, torch::TensorOptions().device(device));
  return {h0, c0};
}
