#include "generator.h"

GeneratorImpl::GeneratorImpl(const GeneratorLayers& layers)
    : fc1_(register_module("fc1", torch::nn::Linear(layers.input))),
      bn1_(register_module("bn1", torch::nn::BatchNorm1d(layers.input.out_features()))),
      fc2_(register_module("fc2", torch::nn::Linear(layers.hidden))),
      bn2_(register_module("bn2", torch::nn::BatchNorm1d(layers.hidden.out_features()))),
      fc3_(register_module("fc3", torch::nn::Linear(layers.output))) {}

torch::Tensor GeneratorImpl::forward(torch::Tensor z) {
  auto h = torch::leaky_relu(bn1_(fc1_(z)), 0.2);
  h = torch::leaky_relu(bn2_(fc2_(h)), 0.2);
  return fc3_(h);
}
