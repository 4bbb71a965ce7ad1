#pragma once

#include <torch/torch.h>

#include <vector>

#include "esmm_options.h"

struct EsmmOutput {
  torch::Tensor p_ctr;    // P(click)
  torch::Tensor p_cvr;    // P(conversion | click)
  torch::Tensor p_ctcvr;  // P(click and conversion) = p_ctr * p_cvr
};

// Entire Space Multi-task Model: shared field embeddings, a CTR tower and a CVR tower.
class EsmmImpl : public torch::nn::Module {
 public:
  EsmmImpl(const EsmmOptions &opts, const TowerOptions &ctr, const TowerOptions &cvr);
  EsmmOutput forward(const torch::Tensor &fields);
  torch::Tensor embedding_l2();

 private:
  std::vector<torch::nn::Embedding> embeddings_;
  torch::nn::Sequential ctr_tower_{nullptr};
  torch::nn::Sequential cvr_tower_{nullptr};
};
TORCH_MODULE(Esmm);
