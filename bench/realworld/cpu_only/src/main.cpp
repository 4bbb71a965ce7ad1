// Linear regression on the CPU (pytorch/examples' regression shape): the program never mentions a
// GPU.
#include <torch/torch.h>

#include <iostream>

#include "data.h"

int main() {
  const int64_t features = 16;
  torch::nn::Sequential model(torch::nn::Linear(features, 32), torch::nn::ReLU(), torch::nn::Linear(32, 1));
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.05));
  for (int64_t step = 1; step <= 300; ++step) {
    Batch batch = make_batch(64, features);
    optimizer.zero_grad();
    auto loss = torch::smooth_l1_loss(model->forward(batch.x), batch.y);
    loss.backward();
    optimizer.step();
    if (step % 100 == 0)
      std::cout << "step " << step << ", loss " << loss.item<float>() << '\n';
  }
}
