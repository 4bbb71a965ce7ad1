#include "train.h"

void train_accumulating(torch::nn::Linear &model, torch::optim::SGD &optimizer, torch::Device device) {
  const int accumulation = 4;
  for (int i = 0; i < 200; ++i) {
    auto x = torch::randn({32, 8}).to(device);
    auto loss = model->forward(x).pow(2).mean() / accumulation;
    loss.backward();
    if ((i + 1) % accumulation == 0) {
      optimizer.step();
      optimizer.zero_grad();
    }
  }
}
