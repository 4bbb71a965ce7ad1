#include "kws_model.h"

KwsNetImpl::KwsNetImpl(int64_t n_mels, int64_t num_keywords)
    : features(register_module(
          "features",
          torch::nn::Sequential(
              // Input: n_mels x T
              torch::nn::Conv1d(torch::nn::Conv1dOptions(n_mels, SCALE * 16, 5).padding(2)),
              torch::nn::Functional(torch::relu),
              torch::nn::BatchNorm1d(SCALE * 16),
              // ---------- BLOCK 1 ---------------
              torch::nn::Conv1d(torch::nn::Conv1dOptions(SCALE * 16, SCALE * 16, 3).padding(1)),
              torch::nn::Functional(torch::relu),
              torch::nn::BatchNorm1d(SCALE * 16),
              // ---------- BLOCK 2 ---------------
              torch::nn::Conv1d(torch::nn::Conv1dOptions(SCALE * 16, SCALE * 25, 3).padding(1)),
              torch::nn::Functional(torch::relu),
              torch::nn::BatchNorm1d(SCALE * 25)))),
      attention(register_module("attention", torch::nn::Linear(SCALE * 25, 1))),
      dense(register_module("dense", torch::nn::Sequential(
                                         torch::nn::Linear(SCALE * 25, num_keywords),
                                         torch::nn::Dropout(0.1)))) {}

torch::Tensor KwsNetImpl::forward(const torch::Tensor& feats, const torch::Tensor& lengths) {
  auto h = features->forward(feats).transpose(1, 2);  // [B, T, C]
  auto scores = attention->forward(h).squeeze(-1);    // [B, T]
  auto frame = torch::arange(h.size(1), lengths.options()).unsqueeze(0);
  auto padded = frame >= lengths.unsqueeze(1);
  scores = scores.masked_fill(padded, -1e9);
  auto weights = torch::softmax(scores, 1).unsqueeze(-1);
  auto pooled = (weights * h).sum(1);
  return torch::log_softmax(dense->forward(pooled), 1);
}
