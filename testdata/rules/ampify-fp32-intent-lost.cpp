// AMPIFY: check --checks=-*,ampify-fp32-intent-lost
#include <torch/torch.h>
#include <ampify/amp.h>


torch::Tensor logits(torch::Tensor h, torch::Tensor w) {
  ampify::Autocast autocast;
  auto out = torch::matmul(h.to(torch::kFloat), w);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: `matmul` runs in fp16 under autocast: the explicit cast of its input to fp32 is undone [ampify-fp32-intent-lost]
  // CHECK-MESSAGES: :[[@LINE-2]]:28: note: this value is fp32 because it is cast explicitly with `.to(...)`
  auto precise = h.to(torch::kFloat32);
  auto again = precise.mm(w);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: `mm` runs in fp16 under autocast
  // CHECK-MESSAGES: :[[@LINE-3]]:18: note: `precise` is fp32 because it is cast explicitly
  return out + again;
}

// Negative cases.
torch::Tensor fine(torch::Tensor h, torch::Tensor w) {
  auto outside = torch::matmul(h.to(torch::kFloat), w);  // no region
  ampify::Autocast autocast;
  auto norm = torch::softmax(h.to(torch::kFloat), -1);  // an fp32 op keeps it
  torch::Tensor kept;
  {
    ampify::AutocastDisabled fp32;
    kept = torch::matmul(h.to(torch::kFloat), w.to(torch::kFloat));
  }
  auto low = torch::matmul(h.to(torch::kHalf), w);  // a cast to the low dtype
  return outside + norm + kept + low;
}
