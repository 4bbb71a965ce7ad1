#pragma once

#include <torch/torch.h>

#include <memory>

#include "agent_config.h"

struct Transition {
  torch::Tensor obs, act, reward, next_obs, done;
};

class TD3Agent : public torch::nn::Module {
 public:
  TD3Agent(int64_t obs_dim, int64_t act_dim, const AgentConfig &cfg);

  torch::Tensor act(const torch::Tensor &obs, bool explore);
  void train_step(const Transition &batch, bool update_policy);
  double last_critic_loss() const { return last_critic_loss_; }
  double last_actor_loss() const { return last_actor_loss_; }

 private:
  torch::Tensor compute_target(const Transition &batch);
  void update_critic(const Transition &batch);
  void update_actor(const torch::Tensor &obs);
  void soft_update(torch::nn::Module &target, torch::nn::Module &source, double tau);

  AgentConfig cfg_;
  torch::nn::Sequential actor_{nullptr}, actor_target_{nullptr};
  torch::nn::Sequential critic1_{nullptr}, critic2_{nullptr};
  torch::nn::Sequential critic1_target_{nullptr}, critic2_target_{nullptr};
  std::unique_ptr<torch::optim::Adam> actor_opt_;
  std::unique_ptr<torch::optim::Adam> critic_opt_;
  double last_critic_loss_ = 0.0;
  double last_actor_loss_ = 0.0;
};
