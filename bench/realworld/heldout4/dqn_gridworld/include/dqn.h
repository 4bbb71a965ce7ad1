#pragma once

#include <torch/torch.h>

#include "gridworld.h"
#include "qnet.h"
#include "replay_buffer.h"

// Double DQN with a soft-updated target network.
class DQN {
 public:
  DQN(ReplayBuffer& rb, GridWorld& env, QNet qNet, QNet qNetTarget,
      torch::optim::Optimizer& opt, int64_t batch_size, float gamma, float delta,
      torch::Device device);

  // Interacts with the environment for total_steps steps and takes one update
  // step per environment step after warmup. Returns the last loss.
  float train(int64_t total_steps, int64_t warmup);

  // Share of start cells from which the greedy policy reaches the goal.
  double evaluate(int64_t max_steps);

 private:
  int64_t nextAction(const torch::Tensor& state, const torch::Tensor& valid, double epsilon);
  void update_params();

  ReplayBuffer& rb;
  GridWorld& env;
  QNet qNet, qNetTarget;
  torch::optim::Optimizer& opt;
  int64_t batch_size;
  float gamma, delta;
  torch::Device device;
};
