// AMPIFY: check --checks=-*,ampify-inplace-not-autocast
#include <torch/torch.h>
#include <ampify/amp.h>


torch::Tensor inplace(torch::Tensor x, torch::Tensor w, torch::Tensor out) {
  ampify::Autocast autocast;
  auto logits = torch::matmul(x, w);
  logits.exp_();
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: `exp_` is not autocast and computes in fp16; the out-of-place `exp` would run in fp32 [ampify-inplace-not-autocast]
  // CHECK-MESSAGES: :[[@LINE-3]]:17: note: `logits` is fp16 because it is the output of `matmul`
  // CHECK-FIXES: {{^}}  logits = logits.exp();
  logits.pow_(2);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: `pow_` is not autocast
  // CHECK-FIXES: {{^}}  logits = logits.pow(2);
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

// The out-of-place fix-it (`x = x.exp()`) only where no other name can see the in-place write.
torch::Tensor shared(torch::nn::Linear fc, torch::Tensor x, torch::Tensor y) {
  ampify::Autocast autocast;
  auto h = fc(x);
  auto alias = h;
  h.exp_();
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: `exp_` is not autocast
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: use the out-of-place form, `x = x.exp(...)`
  // CHECK-FIXES: {{^}}  h.exp_();
  auto base = fc(y);
  auto view = base.view({-1});
  view.exp_();
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: `exp_` is not autocast
  // CHECK-FIXES: {{^}}  view.exp_();
  auto g = fc(y).view({-1});
  for (int i = 0; i < 2; ++i) {
    g.exp_();
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: `exp_` is not autocast
    // CHECK-FIXES: {{^}}    g.exp_();
  }
  auto var = fc(y).view({-1});
  int64_t n = var.size(0);
  var.exp_();
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: `exp_` is not autocast
  // CHECK-FIXES: {{^}}  var = var.exp();
  auto kept = fc(y).exp_();
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: `exp_` is not autocast
  // CHECK-FIXES: {{^}}  auto kept = fc(y).exp();
  auto log_var = fc(x);
  auto scale = log_var.mul(0.5).exp_();
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: `exp_` is not autocast
  // CHECK-FIXES: {{^}}  auto scale = log_var.mul(0.5).exp();
  auto through_view = base.view({-1}).exp_();
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: `exp_` is not autocast
  // CHECK-FIXES: {{^}}  auto through_view = base.view({-1}).exp_();
  return alias + base + g + var * n + kept + scale + through_view;
}

// max, min, sort and topk over a dimension give the values and their indices: the values keep
// their input's dtype (std::get<0>, a structured binding), the indices are int64.
torch::Tensor attention_pooling(torch::nn::Linear fc, torch::Tensor x) {
  ampify::Autocast autocast;
  auto w = fc(x);
  w = (w - std::get<0>(w.max(1, true))).exp_();
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: `exp_` is not autocast and computes in fp16
  // CHECK-FIXES: {{^}}  w = (w - std::get<0>(w.max(1, true))).exp();
  auto [top, where] = fc(x).topk(4);
  auto shifted = (top - 1).exp_();
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: `exp_` is not autocast and computes in fp16
  // CHECK-FIXES: {{^}}  auto shifted = (top - 1).exp();
  auto order = std::get<1>(fc(x).sort(1)).to(torch::kFloat).exp_(); // indices, made fp32
  return w + shifted + order;
}
