// AMPIFY: fix
// Loops ampify does not migrate, each with the reason: a manual weight update, an LBFGS closure,
// a training step written in a macro, backward and step in different functions.
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void manual(Net &model) {
  for (int i = 0; i < 10; ++i) {
    auto loss = model(torch::randn({2, 2})).sum();
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: training loop not migrated: the weights are updated by hand, with no torch::optim optimizer{{.*}} [ampify-fix]
    torch::NoGradGuard no_grad;
    for (auto p : model->parameters())
      p -= p.grad();
  }
}

void lbfgs(Net &model, torch::optim::LBFGS &opt) {
  for (int i = 0; i < 10; ++i) {
    auto closure = [&] {
      opt.zero_grad();
      auto loss = model(torch::randn({2, 2})).sum();
      loss.backward();
      return loss;
    };
    opt.step(closure);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: training loop not migrated: the optimizer step takes a closure (LBFGS-style){{.*}} [ampify-fix]
  }
}

#define TRAIN_STEP(loss, opt) \
  do {                        \
    (loss).backward();        \
    (opt).step();             \
  } while (0)

void in_macro(Net &model, torch::optim::SGD &opt) {
  for (int i = 0; i < 10; ++i) {
    auto loss = model(torch::randn({2, 2})).sum();
    TRAIN_STEP(loss, opt);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: training loop not migrated: backward() is written inside a macro{{.*}} [ampify-fix]
  }
}

torch::Tensor forward_backward(Net &model) {
  auto loss = model(torch::randn({2, 2})).sum();
  loss.backward();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: training loop not migrated: backward() here but the optimizer step() is in another function ('split'){{.*}} [ampify-fix]
  return loss;
}

void split(Net &model, torch::optim::SGD &opt) {
  for (int i = 0; i < 10; ++i) {
    forward_backward(model);
    opt.step();
  }
}
