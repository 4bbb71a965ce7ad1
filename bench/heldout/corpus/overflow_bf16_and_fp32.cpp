// -1e9 masks where they are harmless: a bf16 autocast region (bf16 has fp32's range), a CPU
// autocast region (bf16 by default), and an fp32 evaluation function.
#include <torch/torch.h>
#include <ampify/amp.h>

torch::Tensor bf16_scores(torch::nn::Linear& proj, const torch::Tensor& x, const torch::Tensor& mask) {
  ampify::Autocast autocast(ampify::AutocastOptions(c10::kCUDA).dtype(torch::kBFloat16));
  auto h = proj(x);
  auto scores = torch::matmul(h, h.transpose(-2, -1));
  return scores.masked_fill(mask, -1e9);
}

torch::Tensor cpu_scores(torch::nn::Linear& proj, const torch::Tensor& x, const torch::Tensor& mask) {
  ampify::Autocast autocast(c10::kCPU);
  auto h = proj(x);
  auto scores = torch::mm(h, h.t());
  scores.masked_fill_(mask, -1e9);
  return scores;
}

torch::Tensor eval_scores(torch::nn::Linear& proj, const torch::Tensor& x, const torch::Tensor& mask) {
  torch::NoGradGuard no_grad;
  auto h = proj(x);
  auto scores = torch::matmul(h, h.transpose(-2, -1));
  return torch::where(mask, torch::full_like(scores, -1e9), scores);
}
