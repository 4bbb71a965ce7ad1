#include "model.h"

torch::nn::Sequential make_scorer(int64_t in, int64_t hidden) {
  return torch::nn::Sequential(torch::nn::Linear(in, hidden), torch::nn::GELU(), torch::nn::Linear(hidden, 1));
}

torch::nn::Sequential make_normed(int64_t in) {
  return torch::nn::Sequential(torch::nn::Linear(in, in), torch::nn::LayerNorm(std::vector<int64_t>{in}));
}

torch::nn::Sequential make_head(int64_t in, int64_t out) {
  torch::nn::Sequential head;
  head->push_back(torch::nn::Linear(in, 64));
  head->push_back(torch::nn::ReLU());
  head->push_back(torch::nn::Linear(64, out));
  return head;
}

Critic::Critic(int64_t in) {
  body_ = register_module("body", torch::nn::Sequential(torch::nn::Linear(in, 16), torch::nn::LeakyReLU(),
                                                        torch::nn::Linear(16, 1), torch::nn::Sigmoid()));
}
