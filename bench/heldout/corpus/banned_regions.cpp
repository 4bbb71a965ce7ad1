// BCE in regions where it is allowed (CPU autocast, a disabled scope, plain fp32) and in a
// region opened with the raw at::autocast API, where it raises.
#include <torch/torch.h>
#include <ampify/amp.h>

namespace F = torch::nn::functional;

torch::Tensor cpu_bf16_loss(torch::nn::Linear& head, const torch::Tensor& x, const torch::Tensor& y) {
  ampify::Autocast autocast(c10::kCPU);
  auto p = torch::sigmoid(head(x));
  return torch::binary_cross_entropy(p, y);
}

torch::Tensor loss_in_fp32_island(torch::nn::Linear& head, const torch::Tensor& x, const torch::Tensor& y) {
  ampify::Autocast autocast;
  auto logits = head(x);
  ampify::AutocastDisabled fp32;
  auto p = torch::sigmoid(logits.to(torch::kFloat));
  return F::binary_cross_entropy(p, y, F::BinaryCrossEntropyFuncOptions().reduction(torch::kSum));
}

torch::Tensor raw_api_loss(torch::nn::Linear& head, const torch::Tensor& x, const torch::Tensor& y) {
  at::autocast::set_enabled(true);
  auto logits = head(x);
  auto p = torch::sigmoid(logits);
  auto loss = F::binary_cross_entropy(p, y, F::BinaryCrossEntropyFuncOptions().reduction(torch::kMean)); // EXPECT: ampify-banned-under-autocast
  at::autocast::set_enabled(false);
  return loss;
}

torch::Tensor after_raw_region(torch::nn::Linear& head, const torch::Tensor& x, const torch::Tensor& y) {
  at::autocast::set_enabled(true);
  auto logits = head(x);
  at::autocast::set_enabled(false);
  return torch::binary_cross_entropy(torch::sigmoid(logits.to(torch::kFloat)), y);
}

torch::Tensor plain_fp32(torch::nn::Linear& head, const torch::Tensor& x, const torch::Tensor& y) {
  return torch::binary_cross_entropy(torch::sigmoid(head(x)), y);
}
