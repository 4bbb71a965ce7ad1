// fp16 inference written by hand (no autocast): the tensors are cast with .to(kHalf).
#include <torch/torch.h>

torch::Tensor half_scores(const torch::Tensor& q, const torch::Tensor& k, const torch::Tensor& pad) {
  auto qh = q.to(torch::kHalf);
  auto kh = k.to(torch::kHalf);
  auto scores = torch::matmul(qh, kh.transpose(-2, -1));
  scores.masked_fill_(pad, -1e9); // EXPECT: ampify-fp16-overflow-constant
  return scores;
}

torch::Tensor half_bias(const torch::Tensor& x, const torch::Tensor& blocked) {
  auto h = x.to(at::kHalf);
  auto big = h * 1e5; // EXPECT: ampify-fp16-overflow-constant
  return big.masked_fill(blocked, 0.0);
}

torch::Tensor float_bias(const torch::Tensor& x, const torch::Tensor& blocked) {
  auto f = x.to(torch::kFloat);
  auto big = f * 1e5;
  return big.masked_fill(blocked, -1e9);
}
