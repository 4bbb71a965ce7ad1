#include "poly_model.h"

PolyNetImpl::PolyNetImpl(int64_t degree, int64_t width, int64_t bottleneck) {
  input = register_module("input", torch::nn::Linear(degree, width));
  hidden = register_module("hidden", torch::nn::Linear(width, width));
  squeeze = register_module("squeeze", torch::nn::Linear(width, bottleneck));
  output = register_module("output", torch::nn::Linear(bottleneck, 1));
}

torch::Tensor PolyNetImpl::forward(torch::Tensor x) {
  x = torch::tanh(input(x));
  x = torch::tanh(hidden(x));
  x = torch::tanh(squeeze(x));
  return output(x);
}
