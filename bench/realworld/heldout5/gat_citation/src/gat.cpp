#include "gat.h"

#include <vector>

namespace F = torch::nn::functional;

GATImpl::GATImpl(int64_t nfeat, int64_t nhid, int64_t nclass, double dropout, double alpha,
                 int64_t nheads)
    : dropout_(dropout) {
  heads_ = register_module("heads", torch::nn::ModuleList());
  for (int64_t i = 0; i < nheads; ++i) {
    heads_->push_back(GraphAttentionLayer(nfeat, nhid, dropout, alpha, /*concat=*/true));
  }
  out_att_ = register_module("out_att",
                             GraphAttentionLayer(nhid * nheads, nclass, dropout, alpha, /*concat=*/false));
}

torch::Tensor GATImpl::forward(const torch::Tensor& x, const torch::Tensor& adj) {
  auto options = F::DropoutFuncOptions().p(dropout_).training(is_training());
  auto h = F::dropout(x, options);
  std::vector<torch::Tensor> per_head;
  for (const auto& head : *heads_) {
    per_head.push_back(head->as<GraphAttentionLayerImpl>()->forward(h, adj));
  }
  h = F::dropout(torch::cat(per_head, 1), options);
  h = F::elu(out_att_->forward(h, adj));
  return torch::log_softmax(h, 1);
}
