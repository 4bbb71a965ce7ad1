// A region opened with the raw 1.13 API after switching the GPU autocast dtype to bf16:
// the -1e9 mask is representable.
#include <ATen/autocast_mode.h>
#include <torch/torch.h>

torch::Tensor bf16_attention(torch::nn::Linear& q, torch::nn::Linear& k, const torch::Tensor& x,
                             const torch::Tensor& mask) {
  at::autocast::set_autocast_gpu_dtype(torch::kBFloat16);
  at::autocast::set_enabled(true);
  auto s = torch::matmul(q(x), k(x).transpose(-2, -1));
  s = s.masked_fill(mask, -1e9);
  auto out = torch::softmax(s, -1);
  at::autocast::set_enabled(false);
  at::autocast::set_autocast_gpu_dtype(torch::kHalf);
  return out;
}

torch::Tensor fp16_attention(torch::nn::Linear& q, torch::nn::Linear& k, const torch::Tensor& x,
                             const torch::Tensor& mask) {
  at::autocast::set_enabled(true);
  auto s = torch::matmul(q(x), k(x).transpose(-2, -1));
  s = s.masked_fill(mask, -1e9); // EXPECT: ampify-fp16-overflow-constant
  auto out = torch::softmax(s, -1);
  at::autocast::set_enabled(false);
  return out;
}
