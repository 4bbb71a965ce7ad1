#include "crnn.h"

CrnnImpl::CrnnImpl(const CrnnConfig& cfg) : feat_height_(cfg.image_height / 8) {
  backbone_ = register_module("backbone", FeatureExtractor(cfg.input_channels, cfg.output_channel));
  const int64_t d = cfg.bidirectional ? 2 : 1;
  lstm_ = register_module(
      "lstm", torch::nn::LSTM(torch::nn::LSTMOptions(cfg.output_channel * feat_height_, cfg.hidden_size)
                                  .num_layers(cfg.num_layers)
                                  .bidirectional(cfg.bidirectional)));
  proj_ = register_module("proj", torch::nn::Linear(d * cfg.hidden_size, cfg.alphabet_size));
  presence_ = register_module("presence", torch::nn::Linear(d * cfg.hidden_size, cfg.num_digits));
}

CrnnOutput CrnnImpl::forward(torch::Tensor images) {
  auto feats = backbone_->forward(images);                           // [B, C, H, W]
  feats = feats.reshape({feats.size(0), -1, feats.size(3)});         // [B, C * H, W]
  feats = feats.permute({2, 0, 1});                                  // [W, B, C * H]
  auto out = std::get<0>(lstm_->forward(feats));                     // [W, B, d * hidden]
  return {proj_->forward(out), presence_->forward(out.mean(0))};
}
