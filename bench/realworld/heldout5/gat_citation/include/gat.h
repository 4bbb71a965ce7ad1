#pragma once

#include <torch/torch.h>

#include "gat_layer.h"

// nheads attention heads concatenated, then one averaging output layer.
class GATImpl : public torch::nn::Module {
 public:
  GATImpl(int64_t nfeat, int64_t nhid, int64_t nclass, double dropout, double alpha,
          int64_t nheads);
  // Returns log-probabilities [N, nclass].
  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& adj);

 private:
  double dropout_;
  torch::nn::ModuleList heads_{nullptr};
  GraphAttentionLayer out_att_{nullptr};
};
TORCH_MODULE(GAT);
