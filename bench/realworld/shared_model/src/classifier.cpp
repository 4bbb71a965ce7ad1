#include "classifier.h"

ClassifierImpl::ClassifierImpl(int64_t in_features, int64_t hidden, int64_t classes, const EncoderConfig &encoder)
    : hidden_(hidden) {
  encoder_ = register_module("encoder", torch::nn::Linear(encoder.in_features, encoder.width));
  body_ = register_module("body", torch::nn::Linear(encoder.width, hidden_));
  out_ = register_module("out", torch::nn::Linear(hidden_, classes));
}

torch::Tensor ClassifierImpl::forward(torch::Tensor x) {
  x = torch::relu(encoder_->forward(x));
  x = torch::relu(body_->forward(x));
  return out_->forward(x);
}
