#include "MultiAgentEnvironment.h"

#include <algorithm>
#include <cmath>

MultiAgentEnvironment::MultiAgentEnvironment(int numberOfAgents, const std::vector<Vector2d> &goals)
    : goal_(goals), numberOfAgents_(numberOfAgents) {
    Reset();
}

void MultiAgentEnvironment::SetGoals(const std::vector<Vector2d> &goals) { goal_ = goals; }

void MultiAgentEnvironment::Reset() {
    pos_.assign(numberOfAgents_, Vector2d{0.0, 0.0});
    for (int i = 0; i < numberOfAgents_; ++i) pos_[i][0] = 0.5 * (i - (numberOfAgents_ - 1) / 2.0);
    steps_ = 0;
}

torch::Tensor MultiAgentEnvironment::State() const {
    auto state = torch::zeros({1, numberOfAgents_ * 4}, torch::kF64);
    auto acc = state.accessor<double, 2>();
    for (int i = 0; i < numberOfAgents_; ++i) {
        acc[0][4 * i + 0] = pos_[i][0] / kScale;
        acc[0][4 * i + 1] = pos_[i][1] / kScale;
        acc[0][4 * i + 2] = (goal_[i][0] - pos_[i][0]) / kScale;
        acc[0][4 * i + 3] = (goal_[i][1] - pos_[i][1]) / kScale;
    }
    return state;
}

std::tuple<torch::Tensor, STATUS, torch::Tensor> MultiAgentEnvironment::Act(const torch::Tensor &jointAction) {
    auto action = jointAction.to(torch::kCPU, torch::kF64).view({-1});
    auto acc = action.accessor<double, 1>();
    auto reward = torch::zeros({1, numberOfAgents_}, torch::kF64);
    bool all_reached = true;
    for (int i = 0; i < numberOfAgents_; ++i) {
        pos_[i][0] = std::clamp(pos_[i][0] + kSpeed * acc[2 * i], -2 * kScale, 2 * kScale);
        pos_[i][1] = std::clamp(pos_[i][1] + kSpeed * acc[2 * i + 1], -2 * kScale, 2 * kScale);
        const double dist = std::hypot(goal_[i][0] - pos_[i][0], goal_[i][1] - pos_[i][1]);
        reward[0][i] = -dist / kScale + (dist < 0.3 ? 1.0 : 0.0);
        all_reached = all_reached && dist < 0.3;
    }
    ++steps_;
    STATUS status = all_reached ? WON : (steps_ >= kMaxSteps ? LOST : PLAYING);
    auto done = torch::full({1, 1}, status == PLAYING ? 0.0 : 1.0, torch::kF64);
    return std::make_tuple(reward, status, done);
}

double MultiAgentEnvironment::MeanDistance() const {
    double total = 0.0;
    for (int i = 0; i < numberOfAgents_; ++i)
        total += std::hypot(goal_[i][0] - pos_[i][0], goal_[i][1] - pos_[i][1]);
    return total / numberOfAgents_;
}
