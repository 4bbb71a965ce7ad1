#pragma once

#include <torch/torch.h>

struct Net : torch::nn::Module {
  Net(int64_t inputs, int64_t hidden, int64_t classes);

  // Implement the Net's algorithm.
  torch::Tensor forward(torch::Tensor x);

  int64_t inputs_;
  torch::nn::Linear fc1{nullptr}, fc2{nullptr}, fc3{nullptr};
};
