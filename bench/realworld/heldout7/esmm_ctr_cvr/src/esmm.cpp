#include "esmm.h"

#include <string>

#include "field_spec.h"
#include "towers.h"

EsmmImpl::EsmmImpl(const EsmmOptions &opts, const TowerOptions &ctr, const TowerOptions &cvr) {
  for (int64_t f = 0; f < kNumFields; ++f) {
    embeddings_.push_back(register_module("emb" + std::to_string(f), torch::nn::Embedding(kFieldCardinality[f], opts.embed_dim())));
  }
  const int64_t concat_dim = kNumFields * opts.embed_dim();
  ctr_tower_ = register_module("ctr_tower", make_tower(concat_dim, ctr));
  cvr_tower_ = register_module("cvr_tower", make_tower(concat_dim, cvr));
}

EsmmOutput EsmmImpl::forward(const torch::Tensor &fields) {
  std::vector<torch::Tensor> parts;
  for (int64_t f = 0; f < kNumFields; ++f) {
    parts.push_back(embeddings_[f](fields.select(1, f)));
  }
  auto x = torch::cat(parts, 1);
  EsmmOutput out;
  out.p_ctr = ctr_tower_->forward(x).squeeze(-1);
  out.p_cvr = cvr_tower_->forward(x).squeeze(-1);
  out.p_ctcvr = out.p_ctr * out.p_cvr;
  return out;
}

torch::Tensor EsmmImpl::embedding_l2() {
  auto total = embeddings_[0]->weight.pow(2).sum();
  for (size_t f = 1; f < embeddings_.size(); ++f) {
    total = total + embeddings_[f]->weight.pow(2).sum();
  }
  return total;
}
