#include "utils.hpp"

#include <cmath>

void filter_trajectories(const torch::Tensor &trajectories, const std::vector<int> &is_trajectory,
                         int rows_per_phen, torch::Tensor &filtered, std::vector<bool> &boundaries)
{
    std::vector<int64_t> keep;
    // loop through all trajectories, filter out those that are not actual
    // trajectories and note where the boundaries lie between phenotypes
    for (size_t i = 0; i < is_trajectory.size(); ++i)
    {
        if (is_trajectory[i] == 1)
        {
            keep.push_back(static_cast<int64_t>(i));
            boundaries.push_back(i % rows_per_phen == 0);
        }
    }
    filtered = trajectories.index_select(0, torch::tensor(keep));
}

size_t split_dataset(const torch::Tensor &phen_d, const torch::Tensor &traj_d, float fraction,
                     int rows_per_phen, torch::Tensor &train_phen, torch::Tensor &valid_phen,
                     torch::Tensor &train_traj, torch::Tensor &valid_traj)
{
    int64_t l_train_phen = static_cast<int64_t>(std::floor(phen_d.size(0) * fraction));
    int64_t l_train_traj = l_train_phen * rows_per_phen;

    train_phen = phen_d.slice(0, 0, l_train_phen);
    valid_phen = phen_d.slice(0, l_train_phen);
    train_traj = traj_d.slice(0, 0, l_train_traj);
    valid_traj = traj_d.slice(0, l_train_traj);
    return static_cast<size_t>(l_train_traj);
}
