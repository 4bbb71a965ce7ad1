// AMPIFY: fix
// binary_cross_entropy raises under CUDA autocast ("unsafe to autocast"): a loop whose forward
// and loss compute it (directly, through a BCELoss module, or in a helper function they call) is
// not migrated, since the migrated program would compile and then throw. The same loop with
// binary_cross_entropy_with_logits is migrated.
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void functional(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto p = torch::sigmoid(model(x));
    auto loss = torch::binary_cross_entropy(p, y);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: training loop not migrated: `binary_cross_entropy` in its forward and loss raises under CUDA autocast; use binary_cross_entropy_with_logits (torch::nn::BCEWithLogitsLoss) on the logits{{.*}} [ampify-fix]
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: the backward pass of that training loop
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    auto loss = torch::binary_cross_entropy(p, y);{{$}}
// CHECK-FIXES-NEXT: {{^}}    //{{$}}
// CHECK-FIXES-NEXT: {{^}}    loss.backward();{{$}}

void module(Net &model, torch::optim::SGD &opt, torch::nn::BCELoss &criterion, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = criterion(torch::sigmoid(model(x)), y);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: training loop not migrated: `torch::nn::BCELoss` in its forward and loss raises under CUDA autocast{{.*}} [ampify-fix]
    loss.backward();
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    auto loss = criterion(torch::sigmoid(model(x)), y);{{$}}
// CHECK-FIXES-NEXT: {{^}}    //{{$}}
// CHECK-FIXES-NEXT: {{^}}    loss.backward();{{$}}

torch::Tensor probability_loss(Net &model, torch::Tensor x, torch::Tensor y) {
  return torch::binary_cross_entropy(torch::sigmoid(model(x)), y);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: training loop not migrated: `binary_cross_entropy` in its forward and loss raises under CUDA autocast{{.*}} [ampify-fix]
}

void helper(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = probability_loss(model, x, y);
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: the backward pass of that training loop
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    auto loss = probability_loss(model, x, y);{{$}}
// CHECK-FIXES-NEXT: {{^}}    loss.backward();{{$}}

void logits(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = torch::binary_cross_entropy_with_logits(model(x), y);
    loss.backward();
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::binary_cross_entropy_with_logits(model(x), y);{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(loss).backward();{{$}}
