// AMPIFY: check --checks=-*,ampify-backward-in-autocast
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <ampify/amp.h>


void train_step(torch::nn::Linear model, torch::optim::SGD &optimizer, torch::Tensor x, torch::Tensor y) {
  ampify::Autocast autocast;
  auto loss = torch::mse_loss(model(x), y);
  loss.backward();
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: backward() runs inside an autocast region; end the region after the loss is computed [ampify-backward-in-autocast]
  // CHECK-MESSAGES: :[[@LINE-4]]:20: note: autocast is enabled by the autocast scope `autocast`
  optimizer.step();
}

void legacy_region(torch::nn::Linear model, torch::Tensor x, torch::Tensor y) {
  at::autocast::set_enabled(true);
  auto loss = torch::mse_loss(model(x), y);
  torch::autograd::backward({loss});
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: backward() runs inside an autocast region
  at::autocast::set_enabled(false);
}

// Negative cases: the region ends before backward.
void scoped(torch::nn::Linear model, torch::optim::SGD &optimizer, torch::Tensor x, torch::Tensor y) {
  torch::Tensor loss;
  {
    ampify::Autocast autocast;
    loss = torch::mse_loss(model(x), y);
  }
  loss.backward();
  optimizer.step();
}

void exited(torch::nn::Linear model, torch::Tensor x, torch::Tensor y) {
  ampify::Autocast autocast;
  auto loss = torch::mse_loss(model(x), y);
  autocast.exit();
  loss.backward();
  at::autocast::set_enabled(true);
  auto loss2 = torch::mse_loss(model(x), y);
  at::autocast::set_enabled(false);
  loss2.backward();
}

void disabled(torch::nn::Linear model, torch::Tensor x, torch::Tensor y) {
  ampify::Autocast autocast;
  auto loss = torch::mse_loss(model(x), y);
  ampify::AutocastDisabled off;
  loss.backward();
}
