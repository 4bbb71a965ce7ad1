#pragma once
#include <torch/torch.h>

namespace ai::gae {

// rewards, values, dones: [horizon, num_envs]; next_values: [num_envs]
// returns the advantages, [horizon, num_envs]
torch::Tensor compute(const torch::Tensor &rewards, const torch::Tensor &values,
                      const torch::Tensor &dones,
                      const torch::Tensor &next_values, float discount,
                      float lambda);

// per-batch advantage normalisation
torch::Tensor normalize(const torch::Tensor &advantages);

}  // namespace ai::gae
