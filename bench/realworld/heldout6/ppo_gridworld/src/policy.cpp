#include "policy.h"

CategoricalOutputImpl::CategoricalOutputImpl(int64_t num_inputs, int64_t num_outputs)
    : linear_(register_module("linear", torch::nn::Linear(num_inputs, num_outputs))) {
  torch::NoGradGuard no_grad;
  torch::nn::init::orthogonal_(linear_->weight, 0.01);
  linear_->bias.zero_();
}

torch::Tensor CategoricalOutputImpl::forward(torch::Tensor features, torch::Tensor valid_mask) {
  auto logits = linear_->forward(features);
  // Moves into a wall or off the grid are never sampled.
  return logits.masked_fill(valid_mask.logical_not(), -1e9);
}

PolicyImpl::PolicyImpl(const PpoConfig& cfg)
    : base_(register_module("base", MlpBase(cfg.obs_dim + cfg.extra_features, cfg.hidden,
                                             cfg.hidden + cfg.hidden / 2))),
      dist_(register_module("dist",
                            CategoricalOutput(base_->get_output_size(), cfg.num_actions))) {}

ActResult PolicyImpl::act(torch::Tensor obs, torch::Tensor valid_mask, bool greedy) {
  auto base_output = base_->forward(obs);
  auto logits = dist_->forward(base_output[1], valid_mask);
  auto log_probs = torch::log_softmax(logits, -1);
  torch::Tensor action;
  if (greedy) {
    action = logits.argmax(-1);
  } else {
    action = torch::multinomial(log_probs.exp(), 1).squeeze(-1);
  }
  auto action_log_prob = log_probs.gather(-1, action.unsqueeze(-1)).squeeze(-1);
  return {base_output[0].squeeze(-1), action, action_log_prob};
}

EvaluateResult PolicyImpl::evaluate_actions(torch::Tensor obs, torch::Tensor valid_mask,
                                            torch::Tensor actions) {
  auto base_output = base_->forward(obs);
  auto logits = dist_->forward(base_output[1], valid_mask);
  auto log_probs = torch::log_softmax(logits, -1);
  auto action_log_probs = log_probs.gather(-1, actions.unsqueeze(-1)).squeeze(-1);

  auto probs = torch::softmax(logits, -1);
  auto entropy = -(probs * torch::log(probs + 1e-8)).sum(-1).mean();
  return {base_output[0].squeeze(-1), action_log_probs, entropy};
}

torch::Tensor PolicyImpl::get_value(torch::Tensor obs) {
  return base_->forward(obs)[0].squeeze(-1);
}
