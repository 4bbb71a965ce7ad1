#ifndef DATASET_HPP
#define DATASET_HPP

#include <torch/torch.h>

#include <vector>

struct TrajectoryData {
    torch::Tensor phen;              // [N, gen_dim]
    torch::Tensor traj;              // [N * (max_num_random + 1), num_trajectory_elements]
    std::vector<int> is_trajectory;  // one flag per row of traj
};

// Each phenotype gets its clean trajectory and max_num_random noisy copies,
// of which some are flagged as not being actual trajectories.
TrajectoryData make_dataset(int count, int gen_dim, int length, int max_num_random, unsigned seed);

#endif
