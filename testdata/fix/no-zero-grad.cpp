// AMPIFY: fix --device=cuda
// A loop in which nothing ever zeroes the gradients accumulates them over the whole run. Under a
// GradScaler, unscale_ divides the accumulated .grad by the scale at every step, so every earlier
// iteration's share shrinks by the scale each time: the migrated run would compute something else.
// Such a loop is refused, with the reason. Gradient accumulation that zeroes every k iterations, a
// reset in a helper the loop calls, or an iteration that is a whole function (its caller may
// zero) still migrate.
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void never_zeroed(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 100; ++i) {
    auto loss = torch::mse_loss(model(x), y);
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: training loop not migrated: nothing zeroes the gradients in this loop (no zero_grad()), so they accumulate over every iteration of the run; GradScaler::unscale_ divides the accumulated gradients by the loss scale at every step{{.*}} [ampify-fix]
    opt.step();
  }
}
// CHECK-FIXES: {{^}}void never_zeroed(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < 100; ++i) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::mse_loss(model(x), y);{{$}}

void zeroed_every_four(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 100; ++i) {
    auto loss = torch::mse_loss(model(x), y) / 4;
    loss.backward();
    if ((i + 1) % 4 == 0) {
      opt.step();
      opt.zero_grad();
    }
  }
}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::mse_loss(model(x), y) / 4;{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(loss).backward();{{$}}

void reset(Net &model) {
  for (auto &p : model->parameters())
    if (p.grad().defined())
      p.grad().zero_();
}

void zeroed_in_a_helper(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  for (int epoch = 0; epoch < 3; ++epoch) {
    for (int i = 0; i < 10; ++i) {
      auto loss = torch::mse_loss(model(x), y);
      loss.backward();
      opt.step();
    }
    reset(model);
  }
}
// CHECK-FIXES: {{^}}      ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}      auto loss = torch::mse_loss(model(x), y);{{$}}

void one_step(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  auto loss = torch::mse_loss(model(x), y);
  loss.backward();
  opt.step();
}
// CHECK-FIXES: {{^}}  static ampify::GradScaler scaler;{{$}}
// CHECK-FIXES-NEXT: {{^}}  ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}  auto loss = torch::mse_loss(model(x), y);{{$}}
