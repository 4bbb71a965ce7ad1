// AMPIFY: check --checks=-*,ampify-half-model
#include <torch/torch.h>

void train_half(torch::nn::Linear model, torch::Tensor x, torch::Tensor y) {
  model->to(torch::kHalf);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: the whole model is converted to low precision and then trained: pure fp16 training keeps no fp32 master weights [ampify-half-model]
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1));
  auto loss = torch::mse_loss(model(x.to(torch::kHalf)), y);
  loss.backward();
  optimizer.step();
}

// Negative cases: inference in half, and fp32 training.
torch::Tensor infer_half(torch::nn::Linear model, torch::Tensor x) {
  model->to(torch::kHalf);
  return model(x.to(torch::kHalf));
}

void train_fp32(torch::nn::Linear model, torch::Tensor x, torch::Tensor y) {
  model->to(torch::kFloat);
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1));
  auto loss = torch::mse_loss(model(x), y);
  loss.backward();
  optimizer.step();
}
