#include "fourier_net.h"

#include <cmath>

FourierNetImpl::FourierNetImpl(int64_t num_freqs, int64_t width, int64_t depth) {
  input_ = register_module("input", torch::nn::Linear(2 * num_freqs + 1, width));
  hidden_ = register_module("hidden", torch::nn::ModuleList());
  for (int64_t i = 1; i < depth; ++i) {
    hidden_->push_back(torch::nn::Linear(width, width));
  }
  output_ = register_module("output", torch::nn::Linear(width, 1));
  frequencies_ = register_buffer(
      "frequencies", torch::arange(1, num_freqs + 1, torch::kFloat).mul_(M_PI).unsqueeze(0));
}

torch::Tensor FourierNetImpl::features(const torch::Tensor& x, const torch::Tensor& t) const {
  auto angles = x * frequencies_;
  return torch::cat({torch::sin(angles), torch::cos(angles), t}, 1);
}

torch::Tensor FourierNetImpl::forward(const torch::Tensor& x, const torch::Tensor& t) {
  auto h = torch::tanh(input_->forward(features(x, t)));
  for (const auto& layer : *hidden_) {
    h = torch::tanh(layer->as<torch::nn::Linear>()->forward(h));
  }
  return output_->forward(h);
}
