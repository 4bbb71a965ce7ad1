#pragma once
#include <torch/torch.h>

#include <array>
#include <tuple>
#include <vector>

enum STATUS { PLAYING, WON, LOST, RESETTING };

using Vector2d = std::array<double, 2>;

// Agents on a plane, each pushed towards its own goal. Local observation of agent i:
// (x_i, y_i, gx_i - x_i, gy_i - y_i) / kScale; the global state is the agents' observations side by side.
class MultiAgentEnvironment {
public:
    MultiAgentEnvironment(int numberOfAgents, const std::vector<Vector2d> &goals);

    torch::Tensor State() const;                                   // [1, numberOfAgents * 4], float64
    // Applies the joint action [1, numberOfAgents * 2]; returns the per-agent rewards [1, numberOfAgents],
    // the status and done [1, 1].
    std::tuple<torch::Tensor, STATUS, torch::Tensor> Act(const torch::Tensor &jointAction);
    void SetGoals(const std::vector<Vector2d> &goals);
    void Reset();
    double MeanDistance() const;

    std::vector<Vector2d> pos_;
    std::vector<Vector2d> goal_;

private:
    int numberOfAgents_;
    int steps_ = 0;
    static constexpr double kScale = 3.0;
    static constexpr double kSpeed = 0.5;
    static constexpr int kMaxSteps = 25;
};
