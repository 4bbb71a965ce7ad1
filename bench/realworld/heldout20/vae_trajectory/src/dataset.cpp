#include "dataset.hpp"
#include "ball_sim.hpp"

#include <random>

TrajectoryData make_dataset(int count, int gen_dim, int length, int max_num_random, unsigned seed)
{
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> uni(0.f, 1.f);
    std::normal_distribution<float> noise(0.f, 0.02f);

    TrajectoryData data;
    data.phen = torch::zeros({count, gen_dim});
    data.traj = torch::zeros({count * (max_num_random + 1), 2 * length});
    auto phen = data.phen.accessor<float, 2>();
    auto traj = data.traj.accessor<float, 2>();
    for (int n = 0; n < count; ++n)
    {
        for (int d = 0; d < gen_dim; ++d) phen[n][d] = uni(gen);
        auto clean = simulate_ball(phen[n][0], phen[n][1], length);
        for (int r = 0; r <= max_num_random; ++r)
        {
            int row = n * (max_num_random + 1) + r;
            for (int k = 0; k < 2 * length; ++k)
                traj[row][k] = clean[k] + (r == 0 ? 0.f : noise(gen));
            // the clean trajectory is always an actual one; a noisy copy is
            // kept half of the time
            data.is_trajectory.push_back(r == 0 || uni(gen) < 0.5f ? 1 : 0);
        }
    }
    return data;
}
