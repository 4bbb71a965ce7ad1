#pragma once

#include <torch/torch.h>

#include <tuple>

// Gaussian policy (mean and standard deviation per action dimension) and a state-value critic.
struct ActorCriticImpl : torch::nn::Module {
  ActorCriticImpl(int64_t obs_dim, int64_t act_dim, int64_t hidden = 96);

  // Returns (mean, std) of the action distribution.
  std::tuple<torch::Tensor, torch::Tensor> policy(const torch::Tensor &obs);
  torch::Tensor value(const torch::Tensor &obs);

  torch::nn::Linear fc1{nullptr}, fc2{nullptr}, mu_head{nullptr}, log_std_head{nullptr};
  torch::nn::Linear value_fc{nullptr}, value_out{nullptr};
};
TORCH_MODULE(ActorCritic);
