#pragma once

#include <torch/torch.h>

#include "config.h"
#include "filters.h"

class InteractionImpl : public torch::nn::Module {
 public:
  InteractionImpl(int64_t hidden, int64_t num_filters, int64_t num_gaussians, double cutoff);
  torch::Tensor forward(torch::Tensor h, torch::Tensor rbf, torch::Tensor dist, torch::Tensor src,
                        torch::Tensor dst);

 private:
  double cutoff_;
  torch::nn::Sequential filter_;
  torch::nn::Linear in2f_;
  torch::nn::Linear f2out_;
  torch::nn::Linear dense_;
  ShiftedSoftplus act_;
};
TORCH_MODULE(Interaction);

class SchNetImpl : public torch::nn::Module {
 public:
  explicit SchNetImpl(const SchNetConfig &cfg);
  // Predicted (standardised) energy per molecule, [M].
  torch::Tensor forward(const torch::Tensor &positions, const torch::Tensor &types,
                        const torch::Tensor &mol_index, const torch::Tensor &src, const torch::Tensor &dst,
                        int64_t num_molecules);

 private:
  int64_t num_gaussians_;
  double cutoff_;
  torch::nn::Embedding embedding_;
  torch::nn::ModuleList interactions_;
  torch::nn::Linear readout1_;
  torch::nn::Linear readout2_;
  ShiftedSoftplus act_;
};
TORCH_MODULE(SchNet);
