#include "reach_env.h"

ReachEnv::ReachEnv(int64_t num_envs) : num_envs_(num_envs) { reset(); }

torch::Tensor ReachEnv::reset() {
  pos_ = torch::rand({num_envs_, 2});
  vel_ = torch::zeros({num_envs_, 2});
  goal_ = torch::rand({num_envs_, 2});
  obstacles_ = torch::rand({num_envs_, kNumObstacles, 2});
  t_ = torch::zeros({num_envs_}, torch::kLong);
  return observation();
}

void ReachEnv::reset_rows(const torch::Tensor &rows) {
  const int64_t n = rows.size(0);
  if (n == 0) return;
  pos_.index_put_({rows}, torch::rand({n, 2}));
  vel_.index_put_({rows}, torch::zeros({n, 2}));
  goal_.index_put_({rows}, torch::rand({n, 2}));
  obstacles_.index_put_({rows}, torch::rand({n, kNumObstacles, 2}));
  t_.index_put_({rows}, torch::zeros({n}, torch::kLong));
}

torch::Tensor ReachEnv::observation() const {
  return torch::cat({pos_, vel_, goal_, obstacles_.reshape({num_envs_, 2 * kNumObstacles})}, 1);
}

torch::Tensor ReachEnv::distance_to_goal() const { return (pos_ - goal_).norm(2, 1); }

StepResult ReachEnv::step(const torch::Tensor &action) {
  auto before = distance_to_goal();
  vel_ = 0.3 * vel_ + 0.08 * action.clamp(-1.0, 1.0);
  pos_ = (pos_ + vel_).clamp(0.0, 1.0);
  t_ += 1;
  auto dist = distance_to_goal();
  auto gap = (obstacles_ - pos_.unsqueeze(1)).pow(2).sum(-1);           // [N, K]
  auto hits = (gap < 0.01).to(torch::kFloat32).sum(1);                 // inside radius 0.1
  StepResult out;
  out.reward = (10.0 * (before - dist) - 0.5 * hits).unsqueeze(1);  // progress towards the goal
  auto done = (t_ >= kEpisodeLength) | (dist < 0.03);
  out.done = done.to(torch::kFloat32).unsqueeze(1);
  out.distance = dist;
  out.obs = observation();  // next observation before any reset
  reset_rows(done.nonzero().squeeze(1));
  return out;
}
