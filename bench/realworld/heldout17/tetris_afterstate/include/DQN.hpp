#pragma once
#include <torch/torch.h>

#include <iostream>

class DQN : public torch::nn::Module {
 public:
  torch::nn::Linear conv1{nullptr}, conv2{nullptr}, conv3{nullptr};

 public:
  // Three fully connected layers scoring one afterstate.
  DQN(int64_t state_size = 4, int64_t hidden = 64) : torch::nn::Module() {
    conv1 = register_module("conv1", torch::nn::Linear(state_size, hidden));
    conv2 = register_module("conv2", torch::nn::Linear(hidden, hidden));
    conv3 = register_module("conv3", torch::nn::Linear(hidden, 1));

    _create_weight();
  }

  void _create_weight() {
    for (auto &module : modules(/*include_self=*/false)) {
      if (auto linear = module->as<torch::nn::Linear>()) {
        torch::nn::init::xavier_uniform_(linear->weight);
        torch::nn::init::constant_(linear->bias, 0);
      }
    }
  }

  torch::Tensor forward(torch::Tensor x) {
    x = conv1->forward(x);
    x = torch::relu(x);
    // Per-sample standardisation of the first hidden layer.
    x = (x - x.mean(-1, true)) / (x.std(-1, true, true) + 1e-8);
    x = conv2->forward(x);
    x = torch::relu(x);
    x = conv3->forward(x);
    return x;
  }

  torch::Tensor operator()(torch::Tensor x) { return forward(x); }
};
