// AMPIFY: fix --device=cuda
// binary_cross_entropy raises under CUDA autocast ("unsafe to autocast"). Where its input is a
// sigmoid, the migration also rewrites it to binary_cross_entropy_with_logits on the sigmoid's
// input (in the loop, or in a function the loop calls). Where the logits are out of reach (the
// sigmoid was computed earlier, a BCELoss module, the last layer of a Sequential), the loss runs in
// fp32 through ampify::run_in_fp32, as Python's documented fallback does, with a note that the
// logits form is faster and safer. Only a call that cannot be rewritten (in a macro) leaves the
// loop as it is: the migrated program would compile and then throw at the first step.
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
    // CHECK-MESSAGES: :[[@LINE-1]]:17: note: `binary_cross_entropy` raises under CUDA autocast: it runs in fp32 through ampify::run_in_fp32 (autocast off, its tensors cast to float); the logits form is faster and numerically safer: pass the logits (the input before its sigmoid) to binary_cross_entropy_with_logits{{.*}}
    loss.backward();
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto p = torch::sigmoid(model(x));{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = ampify::run_in_fp32([&](auto &&...ampify_args) { return torch::binary_cross_entropy(ampify_args...); }, p, y);{{$}}
// CHECK-FIXES-NEXT: {{^}}    //{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(loss).backward();{{$}}

// A braced argument (`{}` for the weight) has no type to forward through the lambda's parameter
// pack: it is written with its parameter's type, so that the migrated file compiles.
void braced_weight(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto p = torch::sigmoid(model(x));
    auto loss = torch::binary_cross_entropy(p, y, {}, at::Reduction::Mean);
    loss.backward();
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    auto loss = ampify::run_in_fp32([&](auto &&...ampify_args) { return torch::binary_cross_entropy(ampify_args...); }, p, y, {{(c10|std)}}::optional<at::Tensor>{}, at::Reduction::Mean);{{$}}

void module(Net &model, torch::optim::SGD &opt, torch::nn::BCELoss &criterion, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = criterion(torch::sigmoid(model(x)), y);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: note: `torch::nn::BCELoss` raises under CUDA autocast: it runs in fp32 through ampify::run_in_fp32 (autocast off, its tensors cast to float); the logits form is faster and numerically safer: use torch::nn::BCEWithLogitsLoss{{.*}}
    loss.backward();
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    auto loss = ampify::run_in_fp32([&](auto &&...ampify_args) { return criterion(ampify_args...); }, torch::sigmoid(model(x)), y);{{$}}

void sequential(torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  torch::nn::Sequential discriminator(torch::nn::Linear(4, 1), torch::nn::Sigmoid());
  torch::nn::BCELoss criterion;
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = criterion(discriminator->forward(x), y);
    loss.backward();
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    auto loss = ampify::run_in_fp32([&](auto &&...ampify_args) { return criterion(ampify_args...); }, discriminator->forward(x), y);{{$}}

#define BCE(p, y) torch::binary_cross_entropy(p, y)

void in_a_macro(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto p = torch::sigmoid(model(x));
    auto loss = BCE(p, y);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: training loop not migrated: `binary_cross_entropy` in its forward and loss raises under CUDA autocast; pass the logits (the input before its sigmoid) to binary_cross_entropy_with_logits{{.*}} [ampify-fix]
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: the backward pass of that training loop
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    auto loss = BCE(p, y);{{$}}
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

// In a function template, the wrapped loss keeps its type (a generic lambda would make it
// dependent, and `loss.item<float>()` would then need `template`).
template <typename Optimizer>
float templated(Net &model, Optimizer &opt, torch::nn::BCELoss &criterion, torch::Tensor x, torch::Tensor y) {
  float last = 0.f;
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = criterion(torch::sigmoid(model(x)), y);
    loss.backward();
    opt.step();
    last = loss.item<float>();
  }
  return last;
}
template float templated<torch::optim::SGD>(Net &, torch::optim::SGD &, torch::nn::BCELoss &, torch::Tensor, torch::Tensor);
// CHECK-FIXES: {{^}}    auto loss = torch::Tensor(ampify::run_in_fp32([&](auto &&...ampify_args) { return criterion(ampify_args...); }, torch::sigmoid(model(x)), y));{{$}}

// A Procrustes step on the model's output: the matmul before the SVD runs in fp16 under CUDA
// autocast, and linalg_svd has no fp16 kernel on CUDA (NoLowPrecisionKernel.def), so the migrated
// program would raise there. The migration runs the SVD in fp32.
torch::Tensor procrustes(torch::Tensor src, torch::Tensor tgt) {
  torch::Tensor h = torch::matmul(src.transpose(0, 1), tgt);
  auto usv = torch::linalg_svd(h);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: note: `linalg_svd` has no fp16 kernel on CUDA and would raise on the fp16 tensor autocast gives it here: it runs in fp32 through ampify::run_in_fp32
  return torch::matmul(std::get<2>(usv).transpose(0, 1), std::get<0>(usv).transpose(0, 1));
}
// CHECK-FIXES: {{^}}  auto usv = ampify::run_in_fp32([&](auto &&...ampify_args) { return torch::linalg_svd(ampify_args...); }, h);{{$}}

void registration(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = torch::mse_loss(procrustes(model(x), y), y);
    loss.backward();
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::mse_loss(procrustes(model(x), y), y);{{$}}
