// AMPIFY: check --checks=-*,ampify-inplace-dtype-mismatch
#include <torch/torch.h>
#include <ampify/amp.h>

// A message-passing layer on the CPU: the aggregate is a fresh tensor like the bf16 Linear output,
// the messages fp32. Made in fp32, the aggregate is what the program computed before autocast.
torch::Tensor aggregate(torch::nn::Linear lin, torch::Tensor h, torch::Tensor dst, torch::Tensor w) {
  ampify::Autocast autocast(c10::kCPU);
  auto x = lin(h);
  auto messages = w.to(torch::kFloat);
  auto agg = torch::zeros_like(x).index_add_(0, dst, messages);
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: `index_add_` raises unless the tensor it writes and its source have one dtype, but under autocast the tensor is bf16 and the source fp32 [ampify-inplace-dtype-mismatch]
  // CHECK-FIXES: {{^}}  auto agg = torch::zeros_like(x).to(torch::kFloat).index_add_(0, dst, messages);
  return agg;
}

torch::Tensor scatter_scores(torch::Tensor q, torch::Tensor k, torch::Tensor index) {
  ampify::Autocast autocast;
  auto scores = torch::matmul(q, k);
  auto bias = torch::ones({4, 4});
  // A named tensor written in place is the result: the source is cast to its dtype.
  scores.scatter_add_(1, index, bias);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: `scatter_add_` raises unless the tensor it writes and its source have one dtype, but under autocast the tensor is fp16 and the source fp32
  // CHECK-FIXES: {{^}}  scores.scatter_add_(1, index, bias.to(scores.scalar_type()));
  // An fp16 source written into an fp32 tensor, and an out-of-place form: the fp16 side is cast up.
  auto total = torch::zeros({4, 4});
  total.index_add_(0, index, scores);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: `index_add_` raises unless the tensor it writes and its source have one dtype, but under autocast the tensor is fp32 and the source fp16
  // CHECK-FIXES: {{^}}  total.index_add_(0, index, scores.to(torch::kFloat));
  auto summed = at::index_add(scores, 0, index, bias);
  // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: `index_add` raises unless
  // CHECK-FIXES: {{^}}  auto summed = at::index_add(scores.to(torch::kFloat), 0, index, bias);
  // A view of a named tensor, written in place: its dtype cannot change, and it has no name to repeat.
  scores.slice(0, 0, 2).masked_scatter_(index, bias * 2);
  // CHECK-MESSAGES: :[[@LINE-1]]:48: warning: `masked_scatter_` raises unless
  // CHECK-MESSAGES: :[[@LINE-2]]:48: note: cast the source to the dtype of the tensor it is written into
  return scores + summed + total;
}

// Negative cases: one dtype on both sides, a source of unknown precision, a scalar value, and the
// same code outside a region.
torch::Tensor fine(torch::Tensor q, torch::Tensor k, torch::Tensor index, torch::Tensor unknown) {
  auto outside = torch::matmul(q, k);
  outside.index_add_(0, index, torch::ones({4, 4}));
  ampify::Autocast autocast;
  auto scores = torch::matmul(q, k);
  auto other = torch::matmul(k, q);
  scores.index_add_(0, index, other);
  scores.index_add_(0, index, unknown);
  scores.scatter_(1, index, 0.5);
  // A factory given a tensor's options makes a tensor of that tensor's dtype.
  auto pooled = torch::zeros({4}, scores.options()).index_add_(0, index, scores);
  return scores + outside + pooled;
}
