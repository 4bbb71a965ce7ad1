#include "model.h"

NetImpl::NetImpl(int64_t in) {
  scorer_ = register_module("scorer", make_scorer(in, 32));
  normed_ = register_module("normed", make_normed(in));
}

torch::Tensor NetImpl::forward(torch::Tensor x, torch::Tensor mask) {
  auto scores = scorer_->forward(x);
  scores = scores.masked_fill(mask, -1e9); // CROSS-EXPECT: constant -1e+09 overflows fp16
  auto normed = normed_->forward(x).masked_fill(mask, -1e9); // fp32: LayerNorm runs in fp32
  return scores + normed;
}

torch::Tensor NetImpl::offline(torch::Tensor x, torch::Tensor mask) {
  return scorer_->forward(x).masked_fill(mask, -1e9);
}

torch::Tensor penalty(const torch::Tensor &p) {
  return p.masked_fill(p < 0.5, -1e9).mean(); // CROSS-EXPECT: constant -1e+09 overflows fp16
}
