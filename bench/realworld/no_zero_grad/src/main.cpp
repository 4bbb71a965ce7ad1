// An upstream bug kept as it is: the first loop never zeroes its gradients, so they accumulate over
// the whole run. The second (train.cpp) accumulates over 4 micro-batches and zeroes after each step.
#include <torch/torch.h>

#include <iostream>

#include "train.h"

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  torch::nn::Linear model(8, 1);
  model->to(device);
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(1e-3));
  for (int i = 0; i < 200; ++i) {
    auto x = torch::randn({32, 8}).to(device);
    auto loss = model->forward(x).pow(2).mean();
    loss.backward();
    optimizer.step();
    if (i % 50 == 0)
      std::cout << "step " << i << ", loss " << loss.item<float>() << '\n';
  }
  train_accumulating(model, optimizer, device);
}
