#include "mlp_factory.h"

torch::nn::Sequential build_mlp(int64_t in_dim, int64_t out_dim, const std::vector<int64_t> &hidden,
                                bool tanh_out) {
  torch::nn::Sequential net;
  int64_t prev = in_dim;
  for (const int64_t width : hidden) {
    net->push_back(torch::nn::Linear(prev, width));
    net->push_back(torch::nn::ReLU());
    prev = width;
  }
  net->push_back(torch::nn::Linear(prev, out_dim));
  if (tanh_out) {
    net->push_back(torch::nn::Tanh());
  }
  return net;
}
