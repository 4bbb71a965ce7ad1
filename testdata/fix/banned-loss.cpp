// AMPIFY: fix
// binary_cross_entropy raises under CUDA autocast ("unsafe to autocast"). Where its input is a
// sigmoid, the migration also rewrites it to binary_cross_entropy_with_logits on the sigmoid's
// input (in the loop, or in a function the loop calls). Where it cannot (the sigmoid was computed
// earlier, a BCELoss module), the loop is not migrated: the migrated program would compile and then
// throw at the first step.
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void probabilities_first(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto p = torch::sigmoid(model(x));
    auto loss = torch::binary_cross_entropy(p, y);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: training loop not migrated: `binary_cross_entropy` in its forward and loss raises under CUDA autocast; pass the logits (the input before its sigmoid) to binary_cross_entropy_with_logits{{.*}} [ampify-fix]
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
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: training loop not migrated: `torch::nn::BCELoss` in its forward and loss raises under CUDA autocast; use torch::nn::BCEWithLogitsLoss{{.*}} [ampify-fix]
    loss.backward();
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    auto loss = criterion(torch::sigmoid(model(x)), y);{{$}}
// CHECK-FIXES-NEXT: {{^}}    //{{$}}
// CHECK-FIXES-NEXT: {{^}}    loss.backward();{{$}}

void inline_sigmoid(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  namespace F = torch::nn::functional;
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = F::binary_cross_entropy(torch::sigmoid(model(x)), y,
                                        F::BinaryCrossEntropyFuncOptions().reduction(torch::kSum));
    // CHECK-MESSAGES: :[[@LINE-2]]:17: note: binary_cross_entropy, which raises under CUDA autocast, becomes binary_cross_entropy_with_logits on the input of its sigmoid
    loss.backward();
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = F::binary_cross_entropy_with_logits(model(x), y,{{$}}
// CHECK-FIXES-NEXT: {{^}}                                        F::BinaryCrossEntropyWithLogitsFuncOptions().reduction(torch::kSum));{{$}}

torch::Tensor probability_loss(Net &model, torch::Tensor x, torch::Tensor y) {
  return torch::binary_cross_entropy(torch::sigmoid(model(x)), y);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: note: binary_cross_entropy, which raises under CUDA autocast, becomes binary_cross_entropy_with_logits on the input of its sigmoid
}
// CHECK-FIXES: {{^}}  return torch::binary_cross_entropy_with_logits(model(x), y);{{$}}

void helper(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = probability_loss(model, x, y);
    loss.backward();
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = probability_loss(model, x, y);{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}

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
