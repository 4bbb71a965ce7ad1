#include "model.h"

torch::Tensor attend(torch::Tensor h, torch::Tensor mask) {
  auto weights = torch::matmul(torch::ones({64, 64}), torch::ones({64, 64}));
  weights.exp_(); // CROSS-EXPECT: `exp_` is not autocast and computes in fp16
  return torch::matmul(weights, h.t());
}

torch::Tensor mask_scores(torch::Tensor scores, torch::Tensor mask) {
  return scores.masked_fill(mask, -1e9); // CROSS-EXPECT: constant -1e+09 overflows fp16
}

torch::Tensor attend_alone(torch::Tensor h, torch::Tensor mask) {
  auto weights = torch::matmul(h, h.t());
  weights.exp_();
  return weights.masked_fill(mask, -1e9);
}
