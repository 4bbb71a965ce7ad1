// AMPIFY: check --checks=-*,ampify-fp16-underflow-epsilon
#include <torch/torch.h>
#include <ampify/amp.h>


torch::Tensor normalise(torch::Tensor x, torch::Tensor w) {
  ampify::Autocast autocast;
  auto h = torch::matmul(x, w);
  auto y = h / (h.abs() + 1e-8);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: constant 1e-08 is below fp16's smallest normal value (6.1e-5) and is lost against an fp16 tensor [ampify-fp16-underflow-epsilon]
  auto z = h.clamp_min(1e-7);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: constant 1e-07 is below
  auto small = h < 1e-6;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: constant 1e-06 is below
  return y + z;
}

// Negative cases.
torch::Tensor fine(torch::Tensor x, torch::Tensor w) {
  ampify::Autocast autocast;
  auto h = torch::matmul(x, w);
  auto a = h + 1e-4;                      // representable in fp16
  auto s = torch::softmax(h, -1) + 1e-8;  // softmax runs in fp32 under autocast
  auto n = torch::log(x + 1e-8);          // x: unknown precision
  auto b = torch::matmul(x, w).to(torch::kBFloat16) + 1e-8;  // bf16 has fp32's range
  return a + s + n + b;
}

void adam_under_autocast(torch::nn::Linear model) {
  // Parameters and optimizer state stay fp32 under autocast: Adam's eps is fine.
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(1e-3).eps(1e-8));
  auto loss = model(torch::randn({2, 4})).sum();
  loss.backward();
  optimizer.step();
}

void adam_on_half_model(torch::nn::Linear model) {
  model->to(torch::kHalf);
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(1e-3).eps(1e-8));
  // CHECK-MESSAGES: :[[@LINE-1]]:89: warning: Adam's eps 1e-08 underflows in fp16 optimizer state: the model was converted to half [ampify-fp16-underflow-epsilon]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: the model is converted to half here
}

// bf16 keeps float32's exponent range: 1e-8 is representable in a bf16 model's optimizer state.
void adam_on_bf16_model(torch::nn::Linear model) {
  model->to(torch::kBFloat16);
  torch::optim::AdamW optimizer(model->parameters(), torch::optim::AdamWOptions(1e-4).eps(1e-8));
  auto loss = model(torch::randn({2, 4}).to(torch::kBFloat16)).sum();
  loss.backward();
  optimizer.step();
}
