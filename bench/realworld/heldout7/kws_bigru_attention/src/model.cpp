#include "model.h"

#include "pooling.h"

KwsNetImpl::KwsNetImpl(const KwsConfig &cfg, const FrontendOptions &fopts) {
  frontend_ = register_module("frontend", make_frontend(cfg.n_mels, fopts));
  gru_ = register_module("gru", torch::nn::GRU(torch::nn::GRUOptions(fopts.channels(), cfg.gru_hidden).bidirectional(true).batch_first(true)));
  scorer_ = register_module("scorer", make_attention_scorer(2 * cfg.gru_hidden, cfg.att_dim));
  classifier_ = register_module("classifier", torch::nn::Linear(2 * cfg.gru_hidden, cfg.num_classes));
}

torch::Tensor KwsNetImpl::forward(torch::Tensor feats, torch::Tensor pad_mask) {
  auto x = frontend_->forward(feats);               // [N, C, T]
  auto h = std::get<0>(gru_(x.transpose(1, 2)));    // [N, T, 2H]
  auto scores = scorer_->forward(h).squeeze(-1);    // [N, T]
  scores = scores.masked_fill(pad_mask, -1e9);
  auto alpha = torch::softmax(scores, 1);
  auto pooled = (alpha.unsqueeze(-1) * h).sum(1);   // [N, 2H]
  return classifier_(pooled);
}
