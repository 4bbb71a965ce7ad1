// AMPIFY: check --checks=-*,ampify-inplace-not-autocast
#include <torch/torch.h>
#include <ampify/amp.h>


torch::Tensor inplace(torch::Tensor x, torch::Tensor w, torch::Tensor out) {
  ampify::Autocast autocast;
  auto logits = torch::matmul(x, w);
  logits.exp_();
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: `exp_` is not autocast and computes in fp16; the out-of-place `exp` would run in fp32 [ampify-inplace-not-autocast]
  // CHECK-MESSAGES: :[[@LINE-3]]:17: note: `logits` is fp16 because it is the output of `matmul`
  logits.pow_(2);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: `pow_` is not autocast
  at::exp_out(out, logits);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: `exp_out` is not autocast
  return logits;
}

// Negative cases.
torch::Tensor fine(torch::Tensor x, torch::Tensor w) {
  auto outside = torch::matmul(x, w).to(torch::kHalf);
  outside.exp_();  // no region: the user chose fp16
  ampify::Autocast autocast;
  auto logits = torch::matmul(x, w);
  auto probs = logits.exp();  // out of place: fp32
  logits.mul_(2);             // mul is not an fp32 op
  auto f = torch::softmax(logits, -1);
  f.log_();                   // f is fp32 already
  x.sqrt_();                  // x: unknown precision
  return probs + f;
}

// amax keeps its input's dtype (a fall-through op): the in-place rsqrt_ runs in fp16.
torch::Tensor inv_max(torch::Tensor x, torch::Tensor w) {
  ampify::Autocast autocast;
  auto scale = torch::matmul(x, w).abs().amax({-1}, true);
  scale.rsqrt_();
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: `rsqrt_` is not autocast and computes in fp16
  return scale;
}
