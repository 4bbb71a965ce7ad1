// Generic masking and normalisation helpers written as templates, instantiated on fp16 tensors
// inside an autocast region.
#include <torch/torch.h>
#include <ampify/amp.h>

template <typename T>
T masked_scores(const T& scores, const T& mask) {
  return scores.masked_fill(mask, -1e9); // EXPECT: ampify-fp16-overflow-constant
}

template <typename Module>
torch::Tensor l1_normalised(Module& m, const torch::Tensor& x) {
  auto h = m(x);
  return h / (h.abs().sum(-1, true) + 1e-8);
}

torch::Tensor run(torch::nn::Linear& proj, const torch::Tensor& x, const torch::Tensor& mask) {
  ampify::Autocast autocast;
  auto h = proj(x);
  auto s = torch::bmm(h, h.transpose(1, 2));
  return masked_scores(s, mask) + l1_normalised(proj, x).sum();
}
