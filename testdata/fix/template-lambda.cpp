// AMPIFY: fix --device=cuda
// A template function (migrated through its instantiation), a lambda called per batch (the
// scaler is declared before it and captured), and a template that is never instantiated.
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

template <typename Model, typename Optimizer>
void fit(Model &model, Optimizer &opt, int steps) {
  for (int i = 0; i < steps; ++i) {
    opt.zero_grad();
    auto loss = model(torch::randn({2, 2})).sum();
    loss.backward();
    opt.step();
  }
}
// CHECK-FIXES: {{^}}  ampify::GradScaler scaler;{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < steps; ++i) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    opt.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = model(torch::randn({2, 2})).sum();{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(loss).backward();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.step(opt);{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.update();{{$}}

template <typename Model, typename Optimizer>
void never_used(Model &model, Optimizer &opt) {
  auto loss = model(torch::randn({2, 2})).sum();
  loss.backward();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: training loop not migrated: this template is never instantiated in this translation unit{{.*}} [ampify-fix]
  opt.step();
}

void run(Net &model, torch::optim::SGD &opt) {
  fit(model, opt, 10);
  auto train_step = [&model, &opt](const torch::Tensor &x) {
    opt.zero_grad();
    auto loss = model(x).sum();
    loss.backward();
    opt.step();
  };
  for (int i = 0; i < 10; ++i)
    train_step(torch::randn({2, 2}));
}
// CHECK-FIXES: {{^}}  ampify::GradScaler scaler;{{$}}
// CHECK-FIXES-NEXT: {{^}}  auto train_step = [&model, &opt, &scaler](const torch::Tensor &x) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    opt.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = model(x).sum();{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(loss).backward();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.step(opt);{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.update();{{$}}
