#include "td3_agent.h"

#include "mlp_factory.h"

TD3Agent::TD3Agent(int64_t obs_dim, int64_t act_dim, const AgentConfig &cfg) : cfg_(cfg) {
  actor_ = register_module("actor", build_mlp(obs_dim, act_dim, cfg.actor_hidden, true));
  actor_target_ = register_module("actor_target", build_mlp(obs_dim, act_dim, cfg.actor_hidden, true));
  critic1_ = register_module("critic1", build_mlp(obs_dim + act_dim, 1, cfg.critic_hidden, false));
  critic2_ = register_module("critic2", build_mlp(obs_dim + act_dim, 1, cfg.critic_hidden, false));
  critic1_target_ =
      register_module("critic1_target", build_mlp(obs_dim + act_dim, 1, cfg.critic_hidden, false));
  critic2_target_ =
      register_module("critic2_target", build_mlp(obs_dim + act_dim, 1, cfg.critic_hidden, false));

  std::vector<torch::Tensor> critic_params = critic1_->parameters();
  for (const auto &p : critic2_->parameters()) critic_params.push_back(p);
  actor_opt_ = std::make_unique<torch::optim::Adam>(actor_->parameters(),
                                                    torch::optim::AdamOptions(cfg.actor_lr));
  critic_opt_ = std::make_unique<torch::optim::Adam>(critic_params,
                                                     torch::optim::AdamOptions(cfg.critic_lr));
  soft_update(*actor_target_, *actor_, 1.0);  // start the targets as copies
  soft_update(*critic1_target_, *critic1_, 1.0);
  soft_update(*critic2_target_, *critic2_, 1.0);
}

void TD3Agent::soft_update(torch::nn::Module &target, torch::nn::Module &source, double tau) {
  torch::NoGradGuard no_grad;
  auto tp = target.parameters();
  auto sp = source.parameters();
  for (size_t i = 0; i < tp.size(); ++i) {
    tp[i].mul_(1.0 - tau).add_(sp[i], tau);
  }
}

torch::Tensor TD3Agent::act(const torch::Tensor &obs, bool explore) {
  torch::NoGradGuard no_grad;
  auto a = actor_->forward(obs);
  if (explore) {
    a = (a + cfg_.actor_noise * torch::randn_like(a)).clamp(-1.0, 1.0);
  }
  return a;
}

torch::Tensor TD3Agent::compute_target(const Transition &batch) {
  torch::NoGradGuard no_grad;
  auto noise = (torch::randn_like(batch.act) * cfg_.target_noise).clamp(-cfg_.noise_clip, cfg_.noise_clip);
  auto next_act = (actor_target_->forward(batch.next_obs) + noise).clamp(-1.0, 1.0);
  auto sa = torch::cat({batch.next_obs, next_act}, 1);
  auto next_q = torch::min(critic1_target_->forward(sa), critic2_target_->forward(sa));
  return batch.reward + cfg_.gamma * (1.0 - batch.done) * next_q;
}

void TD3Agent::update_critic(const Transition &batch) {
  auto q_target = compute_target(batch);
  critic_opt_->zero_grad();
  auto sa = torch::cat({batch.obs, batch.act}, 1);
  auto q1 = critic1_->forward(sa);
  auto q2 = critic2_->forward(sa);
  auto critic_loss = torch::mse_loss(q1, q_target) + torch::mse_loss(q2, q_target);
  critic_loss.backward();
  critic_opt_->step();
  last_critic_loss_ = critic_loss.item<double>();
}

void TD3Agent::update_actor(const torch::Tensor &obs) {
  actor_opt_->zero_grad();
  auto a = actor_->forward(obs);
  auto q = critic1_->forward(torch::cat({obs, a}, 1));
  auto barrier = torch::log(1.0 - a.pow(2) + 1e-6).mean();
  auto actor_loss = -q.mean() - 0.01 * barrier;
  actor_loss.backward();
  actor_opt_->step();
  last_actor_loss_ = actor_loss.item<double>();
}

void TD3Agent::train_step(const Transition &batch, bool update_policy) {
  update_critic(batch);
  if (update_policy) {
    update_actor(batch.obs);
    soft_update(*actor_target_, *actor_, cfg_.tau);
    soft_update(*critic1_target_, *critic1_, cfg_.tau);
    soft_update(*critic2_target_, *critic2_, cfg_.tau);
  }
}
