#pragma once

#include <torch/torch.h>

#include <tuple>

#include "codec_config.h"
#include "scale_head.h"

using LstmState = std::tuple<torch::Tensor, torch::Tensor>;

struct PredictorOutput {
  torch::Tensor logits;  // [B, T, kLevels]
  torch::Tensor mu;      // [B, T]
  torch::Tensor scale;   // [B, T]
  LstmState state;
};

class PredictorImpl : public torch::nn::Module {
 public:
  explicit PredictorImpl(const CodecConfig &cfg);
  PredictorOutput forward(const torch::Tensor &codes, const LstmState &state);
  LstmState init_state(int64_t batch, torch::Device device) const;

 private:
  int64_t layers_;
  int64_t hidden_;
  torch::nn::Embedding embedding_{nullptr};
  torch::nn::LSTM lstm_{nullptr};
  torch::nn::Linear fc_{nullptr};
  torch::nn::Linear mu_{nullptr};
  ScaleHead scale_{nullptr};
};
TORCH_MODULE(Predictor);
