#include "qnet.h"

QNetImpl::QNetImpl(int64_t state_dim, const std::vector<int64_t> &hidden_sizes, int64_t num_actions) {
  feature = register_module("feature", torch::nn::Linear(state_dim, kFeatureDim));
  torch::nn::Sequential layers;
  int64_t in_features = kFeatureDim;
  for (int64_t width : hidden_sizes) {
    layers->push_back(torch::nn::Linear(in_features, width));
    layers->push_back(torch::nn::ReLU());
    in_features = width;
  }
  layers->push_back(torch::nn::Linear(in_features, num_actions));
  body = register_module("body", layers);
}

torch::Tensor QNetImpl::forward(torch::Tensor state) {
  return body->forward(torch::relu(feature(state)));
}

void hard_update(QNet &to, QNet &from) {
  torch::NoGradGuard no_grad;
  auto dst = to->parameters();
  auto src = from->parameters();
  for (size_t i = 0; i < dst.size(); ++i) {
    dst[i].copy_(src[i]);
  }
}
