// AMPIFY: check --checks=-*,ampify-scaler-misuse
#include <torch/torch.h>

// A hand-written scaler with GradScaler's shape (ampify::GradScaler is recognised the same way).
struct LossScaler {
  torch::Tensor scale(const torch::Tensor &loss);
  void unscale_(torch::optim::Optimizer &optimizer);
  bool step(torch::optim::Optimizer &optimizer);
  void update();
};

void clip_before_unscale(torch::nn::Linear model, torch::optim::SGD &optimizer, LossScaler &scaler,
                         torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    auto loss = torch::mse_loss(model(x), y);
    scaler.scale(loss).backward();
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: `clip_grad_norm_` clips scaled gradients: call the scaler's unscale_(optimizer) first [ampify-scaler-misuse]
    // CHECK-MESSAGES: :[[@LINE-3]]:24: note: the gradients were scaled by this backward
    scaler.step(optimizer);
    scaler.update();
  }
}

void direct_step(torch::nn::Linear model, torch::optim::SGD &optimizer, LossScaler &scaler, torch::Tensor x,
                 torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    auto loss = torch::mse_loss(model(x), y);
    scaler.scale(loss).backward();
    optimizer.step();
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: optimizer step() after a scaled backward
    scaler.update();
  }
}

void no_update(torch::nn::Linear model, torch::optim::SGD &optimizer, LossScaler &scaler, torch::Tensor x,
               torch::Tensor y) {
  while (true) {
    auto loss = torch::mse_loss(model(x), y);
    scaler.scale(loss).backward();
    scaler.step(optimizer);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: the scaler steps but is never updated in this iteration
  }
}

void update_per_optimizer(torch::nn::Linear a, torch::nn::Linear b, torch::optim::SGD &optA,
                          torch::optim::SGD &optB, LossScaler &scaler, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    auto loss = torch::mse_loss(a(x) + b(x), y);
    scaler.scale(loss).backward();
    scaler.step(optA);
    scaler.update();
    scaler.step(optB);
    scaler.update();
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: update() is called once per optimizer: call it once per iteration
  }
}

// Negative case: the correct order, with clipping after unscale_.
void correct(torch::nn::Linear model, torch::optim::SGD &optimizer, LossScaler &scaler, torch::Tensor x,
             torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    optimizer.zero_grad();
    auto loss = torch::mse_loss(model(x), y);
    scaler.scale(loss).backward();
    scaler.unscale_(optimizer);
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
    scaler.step(optimizer);
    scaler.update();
  }
}

// Negative case: no scaler at all.
void plain(torch::nn::Linear model, torch::optim::SGD &optimizer, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    auto loss = torch::mse_loss(model(x), y);
    loss.backward();
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
    optimizer.step();
  }
}
