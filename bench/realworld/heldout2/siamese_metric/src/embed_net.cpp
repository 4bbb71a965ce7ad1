#include "embed_net.h"

#include <tuple>

EmbedNetImpl::EmbedNetImpl(const EmbedOptions &options) : options_(options) {
  fc1 = register_module("fc1", torch::nn::Linear(options_.in_dim, options_.hidden));
  norm = register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({options_.hidden})));
  fc2 = register_module("fc2", torch::nn::Linear(options_.hidden, options_.hidden / 2));
  head = register_module("head", torch::nn::Linear(options_.hidden / 2, options_.embed_dim));
}

torch::Tensor EmbedNetImpl::forward(torch::Tensor x) {
  auto h = torch::relu(norm(fc1(x)));
  h = torch::relu(fc2(h));
  auto e = head(h);
  // Scale every embedding by its largest coordinate so that distances stay in a fixed range.
  auto peak = std::get<0>(e.abs().max(/*dim=*/1, /*keepdim=*/true));
  return e / (peak + 1e-8);
}
