#pragma once
#include <utility>
#include <vector>
#include <torch/torch.h>

// Owns an optimizer and applies one update for a loss computed by the caller.
template <typename Optim>
class Trainer {
public:
  Trainer(std::vector<torch::Tensor> params, double lr) : optimizer_(std::move(params), lr) {}

  float apply(torch::Tensor loss) {
    optimizer_.zero_grad();
    loss.backward();
    optimizer_.step();
    return loss.item<float>();
  }

private:
  Optim optimizer_;
};
