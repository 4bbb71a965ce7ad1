// AMPIFY: check --checks=-*,ampify-scaler-misuse
#include <torch/torch.h>
#include <ampify/amp.h>

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

// ampify::GradScaler, a gradient read before unscale_ (inside a loop over the parameters, which
// is part of the iteration), and a scaled loss kept in a variable.
void grad_read_before_unscale(torch::nn::Linear model, torch::optim::SGD &optimizer, ampify::GradScaler &scaler,
                              torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    auto loss = torch::mse_loss(model(x), y);
    auto scaled = scaler.scale(loss);
    scaled.backward();
    std::vector<torch::Tensor> norms;
    for (auto &p : model->parameters())
      if (p.grad().defined())
        norms.push_back(p.grad().norm());
    // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: gradient read after a scaled backward and before unscale_: it sees the gradients multiplied by the loss scale; call the scaler's unscale_(optimizer) first [ampify-scaler-misuse]
    // CHECK-MESSAGES: :[[@LINE-6]]:12: note: the gradients were scaled by this backward
    scaler.step(optimizer);
    scaler.update();
  }
}

void direct_step_through_variable(torch::nn::Linear model, torch::optim::Adam &optimizer,
                                  ampify::GradScaler &scaler, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    auto scaled = scaler.scale(torch::mse_loss(model(x), y));
    scaled.backward();
    optimizer.step();
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: optimizer step() after a scaled backward
    scaler.update();
  }
}

// One iteration as a function of its own: the clipping is checked there too.
void train_step(torch::nn::Linear model, torch::optim::SGD &optimizer, ampify::GradScaler &scaler, torch::Tensor x,
                torch::Tensor y) {
  scaler.scale(torch::mse_loss(model(x), y)).backward();
  torch::nn::utils::clip_grad_value_(model->parameters(), 0.5);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: `clip_grad_value_` clips scaled gradients
  scaler.step(optimizer);
}
// CHECK-MESSAGES: :[[@LINE-2]]:10: warning: the scaler steps but is never updated in this iteration

void update_in_optimizer_loop(torch::nn::Linear model, std::vector<torch::optim::Optimizer *> optimizers,
                              ampify::GradScaler &scaler, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    scaler.scale(torch::mse_loss(model(x), y)).backward();
    for (auto *optimizer : optimizers) {
      scaler.step(*optimizer);
      scaler.update();
      // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: update() is called once per optimizer: call it once per iteration, after the loop over the optimizers [ampify-scaler-misuse]
      // CHECK-MESSAGES: :[[@LINE-3]]:14: note: each pass of this loop steps one optimizer
    }
  }
}

// Negative case: a loop over the optimizers that steps each, and one update after it; gradient
// reads after unscale_; a gradient-accumulation inner loop.
void optimizers_then_update(torch::nn::Linear model, std::vector<torch::optim::Optimizer *> optimizers,
                            ampify::GradScaler &scaler, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    scaler.scale(torch::mse_loss(model(x), y)).backward();
    for (auto *optimizer : optimizers)
      scaler.unscale_(*optimizer);
    std::vector<torch::Tensor> norms;
    for (auto &p : model->parameters())
      norms.push_back(p.grad().norm());
    for (auto *optimizer : optimizers)
      scaler.step(*optimizer);
    scaler.update();
  }
}

void accumulate(torch::nn::Linear model, torch::optim::SGD &optimizer, ampify::GradScaler &scaler,
                std::vector<torch::Tensor> xs, torch::Tensor y) {
  for (int step = 0; step < 10; ++step) {
    for (auto &x : xs)
      scaler.scale(torch::mse_loss(model(x), y) / 4).backward();
    scaler.step(optimizer);
    scaler.update();
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
