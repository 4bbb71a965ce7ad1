#include "ppo.h"

namespace {

// Shuffled mini-batch indices over one rollout.
class MiniBatchGenerator {
 public:
  MiniBatchGenerator(int64_t num_samples, int64_t mini_batch_size)
      : indices_(torch::randperm(num_samples, torch::kLong)),
        mini_batch_size_(mini_batch_size) {}

  bool done() const { return index_ + mini_batch_size_ > indices_.size(0); }

  torch::Tensor next() {
    auto batch = indices_.slice(0, index_, index_ + mini_batch_size_);
    index_ += mini_batch_size_;
    return batch;
  }

 private:
  torch::Tensor indices_;
  int64_t mini_batch_size_;
  int64_t index_ = 0;
};

// Generalised advantage estimation; returns the value targets [T, N].
torch::Tensor compute_returns(const Rollout& rollout, double gamma, double gae_lambda) {
  const int64_t num_steps = rollout.rewards.size(0);
  auto returns = torch::zeros_like(rollout.rewards);
  auto gae = torch::zeros({rollout.rewards.size(1)});
  for (int64_t t = num_steps - 1; t >= 0; --t) {
    auto delta = rollout.rewards[t] + gamma * rollout.values[t + 1] * rollout.not_done[t] -
                 rollout.values[t];
    gae = delta + gamma * gae_lambda * rollout.not_done[t] * gae;
    returns[t] = gae + rollout.values[t];
  }
  return returns;
}

}  // namespace

PPO::PPO(Policy policy, const PpoConfig& cfg, torch::Device device)
    : policy_(policy),
      device_(device),
      clip_param_(cfg.clip_param),
      value_loss_coef_(cfg.value_loss_coef),
      entropy_coef_(cfg.entropy_coef),
      max_grad_norm_(cfg.max_grad_norm),
      gamma_(cfg.gamma),
      gae_lambda_(cfg.gae_lambda),
      num_epoch_(cfg.num_epoch),
      num_mini_batch_(cfg.num_mini_batch),
      optimizer_(std::make_unique<torch::optim::Adam>(
          policy_->parameters(), torch::optim::AdamOptions(cfg.learning_rate).eps(1e-5))) {}

float PPO::update(const Rollout& rollout) {
  auto returns = compute_returns(rollout, gamma_, gae_lambda_);

  auto obs = rollout.obs.reshape({-1, rollout.obs.size(2)}).to(device_);
  auto masks = rollout.valid_masks.reshape({-1, rollout.valid_masks.size(2)}).to(device_);
  auto actions = rollout.actions.reshape({-1}).to(device_);
  auto old_log_probs = rollout.log_probs.reshape({-1}).to(device_);
  auto flat_returns = returns.reshape({-1}).to(device_);
  auto advantages = flat_returns - rollout.values.slice(0, 0, -1).reshape({-1}).to(device_);
  advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-5);

  const int64_t num_samples = obs.size(0);
  const int64_t mini_batch_size = num_samples / num_mini_batch_;
  float last_loss = 0.0f;
  for (int epoch = 0; epoch < num_epoch_; ++epoch) {
    MiniBatchGenerator generator(num_samples, mini_batch_size);
    while (!generator.done()) {
      auto idx = generator.next().to(device_);
      auto eval = policy_->evaluate_actions(obs.index_select(0, idx), masks.index_select(0, idx),
                                            actions.index_select(0, idx));

      auto ratio = torch::exp(eval.action_log_probs - old_log_probs.index_select(0, idx));
      auto adv = advantages.index_select(0, idx);
      auto surr_1 = ratio * adv;
      auto surr_2 = torch::clamp(ratio, 1.0 - clip_param_, 1.0 + clip_param_) * adv;
      auto action_loss = -torch::min(surr_1, surr_2).mean();
      auto value_loss = 0.5 * (flat_returns.index_select(0, idx) - eval.value).pow(2).mean();
      auto loss = value_loss * value_loss_coef_ + action_loss - eval.entropy * entropy_coef_;

      optimizer_->zero_grad();
      loss.backward();
      torch::nn::utils::clip_grad_norm_(policy_->parameters(), max_grad_norm_);
      optimizer_->step();
      last_loss = loss.item<float>();
    }
  }
  return last_loss;
}
