#ifndef UTILS_HPP
#define UTILS_HPP

#include <torch/torch.h>

#include <tuple>
#include <vector>

using Batch = std::tuple<torch::Tensor, torch::Tensor, std::vector<bool>>;

// Keeps the rows flagged as actual trajectories; boundaries marks the first
// trajectory of each phenotype (every phenotype owns rows_per_phen rows).
void filter_trajectories(const torch::Tensor &trajectories, const std::vector<int> &is_trajectory,
                         int rows_per_phen, torch::Tensor &filtered, std::vector<bool> &boundaries);

// Splits phenotypes and their trajectory rows into train and validation parts.
size_t split_dataset(const torch::Tensor &phen_d, const torch::Tensor &traj_d, float fraction,
                     int rows_per_phen, torch::Tensor &train_phen, torch::Tensor &valid_phen,
                     torch::Tensor &train_traj, torch::Tensor &valid_traj);

#endif
