#pragma once

#include <torch/torch.h>

constexpr int64_t kNumObstacles = 5;
constexpr int64_t kObsDim = 2 + 2 + 2 + 2 * kNumObstacles;  // position, velocity, goal, obstacles
constexpr int64_t kActDim = 2;
constexpr int64_t kEpisodeLength = 25;

struct StepResult {
  torch::Tensor obs;     // [N, kObsDim]
  torch::Tensor reward;  // [N, 1]
  torch::Tensor done;    // [N, 1]
  torch::Tensor distance;  // [N] distance to the goal after the move
};

// A batch of point-mass reaching tasks on the unit square with round obstacles.
class ReachEnv {
 public:
  explicit ReachEnv(int64_t num_envs);
  torch::Tensor reset();
  StepResult step(const torch::Tensor &action);
  torch::Tensor distance_to_goal() const;
  torch::Tensor observation() const;

 private:
  void reset_rows(const torch::Tensor &rows);

  int64_t num_envs_;
  torch::Tensor pos_, vel_, goal_, obstacles_;
  torch::Tensor t_;
};
