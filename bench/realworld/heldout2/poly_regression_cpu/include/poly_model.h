#pragma once

#include <torch/torch.h>

// A small MLP on polynomial features, with a narrow bottleneck before the output.
struct PolyNetImpl : torch::nn::Module {
  PolyNetImpl(int64_t degree, int64_t width, int64_t bottleneck);

  torch::Tensor forward(torch::Tensor x);

  torch::nn::Linear input{nullptr}, hidden{nullptr}, squeeze{nullptr}, output{nullptr};
};
TORCH_MODULE(PolyNet);
