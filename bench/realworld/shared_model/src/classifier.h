// A classifier built with std::make_shared from main.cpp, and a config struct for the encoder
// (a development case for the analysis across TUs: written by the engineer who built it).
#pragma once

#include <torch/torch.h>

struct EncoderConfig {
  int64_t in_features;
  int64_t width;
};

class ClassifierImpl : public torch::nn::Module {
 public:
  ClassifierImpl(int64_t in_features, int64_t hidden, int64_t classes, const EncoderConfig &encoder);
  torch::Tensor forward(torch::Tensor x);

 private:
  int64_t hidden_;
  torch::nn::Linear encoder_{nullptr}, body_{nullptr}, out_{nullptr};
};
