#include "MLP.h"

MLPImpl::MLPImpl(int64_t in_features, std::initializer_list<int64_t> hidden, int64_t out_features) {
  net = register_module("net", torch::nn::Sequential());
  int64_t prev = in_features;
  for (int64_t width : hidden) {
    net->push_back(torch::nn::Linear(prev, width));
    net->push_back(torch::nn::ReLU());
    prev = width;
  }
  net->push_back(torch::nn::Linear(prev, out_features));
}

torch::Tensor MLPImpl::forward(torch::Tensor x) { return net->forward(x); }
