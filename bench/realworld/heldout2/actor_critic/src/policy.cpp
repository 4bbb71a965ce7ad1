#include "policy.h"

ActorCriticImpl::ActorCriticImpl(int64_t obs_dim, int64_t act_dim, int64_t hidden) {
  fc1 = register_module("fc1", torch::nn::Linear(obs_dim, hidden));
  fc2 = register_module("fc2", torch::nn::Linear(hidden, hidden));
  mu_head = register_module("mu_head", torch::nn::Linear(hidden, act_dim));
  log_std_head = register_module("log_std_head", torch::nn::Linear(hidden, act_dim));
  value_fc = register_module("value_fc", torch::nn::Linear(obs_dim, 50));
  value_out = register_module("value_out", torch::nn::Linear(50, 1));
}

std::tuple<torch::Tensor, torch::Tensor> ActorCriticImpl::policy(const torch::Tensor &obs) {
  auto h = torch::tanh(fc1(obs));
  h = torch::tanh(fc2(h));
  auto mu = mu_head(h);
  auto std = log_std_head(h).exp_();
  return {mu, std};
}

torch::Tensor ActorCriticImpl::value(const torch::Tensor &obs) {
  return value_out(torch::tanh(value_fc(obs)));
}
