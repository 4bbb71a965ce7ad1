#pragma once

#include <torch/torch.h>

struct ShiftedSoftplusImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x);
};
TORCH_MODULE(ShiftedSoftplus);

// Continuous-filter generator of one interaction block: RBF expansion -> filter weights.
torch::nn::Sequential make_filter_net(int64_t num_gaussians, int64_t num_filters);

// Gaussian expansion of the interatomic distances, [E] -> [E, num_gaussians].
torch::Tensor expand_distances(const torch::Tensor &dist, int64_t num_gaussians, double cutoff);
