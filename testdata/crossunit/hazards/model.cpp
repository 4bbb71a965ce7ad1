#include "model.h"

ScorerImpl::ScorerImpl() { fc = register_module("fc", torch::nn::Linear(64, 64)); }

torch::Tensor normalise(torch::Tensor h) {
  auto gram = torch::matmul(h, h.t());
  gram.exp_(); // CROSS-EXPECT: `exp_` is not autocast and computes in fp16
  return gram;
}

torch::Tensor ScorerImpl::forward(torch::Tensor x) {
  auto h = fc(x);
  h.exp_(); // CROSS-EXPECT: `exp_` is not autocast and computes in fp16
  auto probabilities = torch::softmax(h, -1);
  probabilities.log_(); // fp32: softmax runs in fp32 under autocast
  return normalise(h);
}

torch::Tensor attention(torch::Tensor q, torch::Tensor k, torch::Tensor mask) {
  auto scores = torch::matmul(q, k.t());
  return scores.masked_fill(mask, -1e9); // CROSS-EXPECT: constant -1e+09 overflows fp16
}

torch::Tensor evaluate(torch::Tensor q, torch::Tensor k) {
  auto scores = torch::matmul(q, k.t());
  scores.exp_();
  return scores;
}

torch::Tensor unused(torch::Tensor q, torch::Tensor k) {
  auto scores = torch::matmul(q, k.t());
  scores.exp_();
  return scores;
}

torch::Tensor probabilities(torch::Tensor q, torch::Tensor k) { return torch::softmax(torch::matmul(q, k.t()), -1); }

std::tuple<torch::Tensor, torch::Tensor> split_scores(torch::Tensor q, torch::Tensor k) {
  auto scores = torch::matmul(q, k.t());
  return std::make_tuple(scores, torch::log_softmax(scores, -1));
}

Scored score(torch::Tensor q, torch::Tensor k) {
  auto scores = torch::matmul(q, k.t());
  return {scores, torch::log_softmax(scores, -1)};
}

torch::Tensor poisson_nll(torch::Tensor rate, torch::Tensor target) {
  return (rate - target * torch::log(rate + 1e-8)).mean(); // CROSS-EXPECT: constant 1e-08 is below fp16's smallest normal value
}

MaskedPolicy::MaskedPolicy() { fc = register_module("fc", torch::nn::Linear(64, 64)); }

torch::Tensor MaskedPolicy::act(torch::Tensor x) {
  return fc(x).masked_fill(x < 0, -1e9); // CROSS-EXPECT: constant -1e+09 overflows fp16
}

torch::Tensor MaskedPolicy::explore(torch::Tensor x) { return fc(x).masked_fill(x > 0, -1e9); }

MaskedChoice::MaskedChoice(torch::Tensor logits, torch::Tensor mask) {
  probs = torch::softmax(torch::where(mask, logits, -1e8f), -1); // CROSS-EXPECT: constant -1e+08 overflows fp16
}

Baseline::Baseline(torch::Tensor scores, torch::Tensor mask) {
  value = torch::matmul(scores, scores.t()).masked_fill(mask, -1e9).mean();
}
