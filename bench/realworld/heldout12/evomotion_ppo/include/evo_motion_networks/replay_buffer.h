//
// Buffer of whole trajectories, sampled episode by episode.
//

#ifndef EVO_MOTION_REPLAY_BUFFER_H
#define EVO_MOTION_REPLAY_BUFFER_H

#include <algorithm>
#include <random>
#include <vector>

#include <torch/torch.h>

struct episode_step {
    torch::Tensor state;
    torch::Tensor action;
    float reward;
    bool done;
    torch::Tensor next_state;
};

struct episode_trajectory {
    std::vector<episode_step> trajectory;
};

class TrajectoryReplayBuffer {
public:
    TrajectoryReplayBuffer(const int capacity, const int seed) : capacity(capacity), rng(seed) {}

    void new_trajectory() {
        trajectories.push_back({});
        while (static_cast<int>(trajectories.size()) > capacity) trajectories.erase(trajectories.begin());
    }

    void add(const episode_step &step) { trajectories.back().trajectory.push_back(step); }

    void update_last(const float reward, const bool done, const torch::Tensor &next_state) {
        auto &last = trajectories.back().trajectory.back();
        last.reward = reward;
        last.done = done;
        last.next_state = next_state;
    }

    bool empty() const { return trajectories.empty(); }

    bool trajectory_empty() const { return trajectories.back().trajectory.empty(); }

    bool enough_trajectory(const int batch_size) const {
        int complete = 0;
        for (const auto &t: trajectories)
            if (!t.trajectory.empty() && t.trajectory.back().done) complete++;
        return complete >= batch_size;
    }

    std::vector<episode_trajectory> sample(const int batch_size) {
        std::vector<episode_trajectory> complete;
        for (const auto &t: trajectories)
            if (!t.trajectory.empty() && t.trajectory.back().done) complete.push_back(t);
        std::shuffle(complete.begin(), complete.end(), rng);
        complete.resize(std::min<size_t>(complete.size(), batch_size));
        return complete;
    }

private:
    int capacity;
    std::mt19937 rng;
    std::vector<episode_trajectory> trajectories;
};

#endif // EVO_MOTION_REPLAY_BUFFER_H
