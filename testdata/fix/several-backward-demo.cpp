// AMPIFY: fix --device=cuda
// The shape of the LibTorch tutorials' "basics" demos: several backward() calls in one function,
// gradients printed between them, and one optimizer step. The migration's edits meet (the static
// GradScaler and the first autocast region both go before the function's first statement; the
// second region starts at a statement that reads gradients) and compose. unscale_ runs once, after
// the last backward pass; a gradient read before it sees scaled gradients and gets a warning.
#include <torch/torch.h>

#include <iostream>

int main() {
  torch::Tensor x = torch::randn({1}, torch::TensorOptions().requires_grad(true));
  torch::Tensor w = torch::randn({1}, torch::TensorOptions().requires_grad(true));
  auto y = w * x + 3;
  y.backward();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: training loop migrated to mixed precision: forward pass under ampify::Autocast (fp16), loss scaled by ampify::GradScaler [ampify-fix]
  std::cout << x.grad().item<float>() << '\n';
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: training loop migrated, but this code reads or changes gradients before the iteration's last backward pass: they are still multiplied by the loss scale here{{.*}} [ampify-fix]

  auto inputs = torch::randn({10, 3});
  auto targets = torch::randn({10, 2});
  torch::nn::Linear linear(3, 2);
  torch::optim::SGD optimizer(linear->parameters(), torch::optim::SGDOptions(0.01));
  auto pred = linear->forward(inputs);
  auto loss = torch::mse_loss(pred, targets);
  loss.backward();
  std::cout << "dL/dw: " << linear->weight.grad().sum().item<float>() << '\n';
  optimizer.step();
  std::cout << "loss after one step: " << torch::mse_loss(linear->forward(inputs), targets).item<float>() << '\n';
}
// CHECK-FIXES: {{^}}int main() {{{$}}
// CHECK-FIXES-NEXT: {{^}}  static ampify::GradScaler scaler;{{$}}
// CHECK-FIXES-NEXT: {{^}}  ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}  torch::Tensor x = torch::randn({1}, torch::TensorOptions().requires_grad(true));{{$}}
// CHECK-FIXES: {{^}}  autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}  scaler.scale(y).backward();{{$}}
// CHECK-FIXES-NEXT: {{^}}  //{{$}}
// CHECK-FIXES-NEXT: {{^}}  ampify::Autocast autocast2(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}  std::cout << x.grad().item<float>() << '\n';{{$}}
// CHECK-FIXES: {{^}}  autocast2.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}  scaler.scale(loss).backward();{{$}}
// CHECK-FIXES-NEXT: {{^}}  scaler.unscale_(optimizer);{{$}}
// CHECK-FIXES-NEXT: {{^}}  std::cout << "dL/dw: " << linear->weight.grad().sum().item<float>() << '\n';{{$}}
// CHECK-FIXES-NEXT: {{^}}  scaler.step(optimizer);{{$}}
// CHECK-FIXES-NEXT: {{^}}  scaler.update();{{$}}
