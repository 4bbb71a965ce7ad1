#pragma once

#include <torch/torch.h>

#include <memory>

#include "policy.h"
#include "ppo_config.h"

// One rollout of num_steps transitions in each of num_envs environments (CPU tensors).
struct Rollout {
  torch::Tensor obs;          // [T, N, obs_dim]
  torch::Tensor valid_masks;  // [T, N, num_actions] bool
  torch::Tensor actions;      // [T, N] long
  torch::Tensor log_probs;    // [T, N]
  torch::Tensor values;       // [T + 1, N]
  torch::Tensor rewards;      // [T, N]
  torch::Tensor not_done;     // [T, N]
};

class PPO {
 public:
  PPO(Policy policy, const PpoConfig& cfg, torch::Device device);

  // Runs num_epoch passes over the rollout in num_mini_batch mini-batches; returns the last loss.
  float update(const Rollout& rollout);

 private:
  Policy policy_;
  torch::Device device_;
  double clip_param_;
  double value_loss_coef_;
  double entropy_coef_;
  double max_grad_norm_;
  double gamma_;
  double gae_lambda_;
  int num_epoch_;
  int num_mini_batch_;
  std::unique_ptr<torch::optim::Adam> optimizer_;
};
