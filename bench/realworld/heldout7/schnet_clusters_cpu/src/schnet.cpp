#include "schnet.h"

#include <cmath>

namespace {

torch::Tensor cosine_cutoff(const torch::Tensor &dist, double cutoff) {
  auto c = 0.5 * (torch::cos(dist * (M_PI / cutoff)) + 1.0);
  return c * dist.lt(cutoff).to(c.dtype());
}

}  // namespace

InteractionImpl::InteractionImpl(int64_t hidden, int64_t num_filters, int64_t num_gaussians, double cutoff)
    : cutoff_(cutoff),
      filter_(register_module("filter", make_filter_net(num_gaussians, num_filters))),
      in2f_(register_module("in2f", torch::nn::Linear(torch::nn::LinearOptions(hidden, num_filters).bias(false)))),
      f2out_(register_module("f2out", torch::nn::Linear(num_filters, hidden))),
      dense_(register_module("dense", torch::nn::Linear(hidden, hidden))),
      act_(register_module("act", ShiftedSoftplus())) {}

torch::Tensor InteractionImpl::forward(torch::Tensor h, torch::Tensor rbf, torch::Tensor dist,
                                       torch::Tensor src, torch::Tensor dst) {
  auto w = filter_->forward(rbf) * cosine_cutoff(dist, cutoff_).unsqueeze(-1);
  auto x = in2f_(h);
  auto messages = x.index_select(0, src) * w;
  auto agg = torch::zeros_like(x).index_add_(0, dst, messages);
  return h + dense_(act_(f2out_(agg)));
}

SchNetImpl::SchNetImpl(const SchNetConfig &cfg)
    : num_gaussians_(cfg.num_gaussians),
      cutoff_(cfg.cutoff),
      embedding_(register_module("embedding", torch::nn::Embedding(cfg.num_atom_types, cfg.hidden))),
      interactions_(register_module("interactions", torch::nn::ModuleList())),
      readout1_(register_module("readout1", torch::nn::Linear(cfg.hidden, cfg.readout_hidden))),
      readout2_(register_module("readout2", torch::nn::Linear(cfg.readout_hidden, 1))),
      act_(register_module("act", ShiftedSoftplus())) {
  for (int64_t i = 0; i < cfg.num_interactions; ++i) {
    interactions_->push_back(Interaction(cfg.hidden, cfg.num_filters, cfg.num_gaussians, cfg.cutoff));
  }
}

torch::Tensor SchNetImpl::forward(const torch::Tensor &positions, const torch::Tensor &types,
                                  const torch::Tensor &mol_index, const torch::Tensor &src,
                                  const torch::Tensor &dst, int64_t num_molecules) {
  auto diff = positions.index_select(0, src) - positions.index_select(0, dst);
  auto dist = (diff.pow(2).sum(-1) + 1e-8).sqrt();
  auto rbf = expand_distances(dist, num_gaussians_, cutoff_);

  auto h = embedding_(types);
  for (const auto &block : *interactions_) {
    h = block->as<InteractionImpl>()->forward(h, rbf, dist, src, dst);
  }
  auto atomwise = readout2_(act_(readout1_(h))).squeeze(-1);
  return torch::zeros({num_molecules}, atomwise.options()).index_add_(0, mol_index, atomwise);
}
