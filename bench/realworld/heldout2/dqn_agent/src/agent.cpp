#include "agent.h"

#include <algorithm>
#include <iostream>
#include <vector>

ToyEnv::ToyEnv(int64_t state_dim) : state_dim_(state_dim) { reset(); }

torch::Tensor ToyEnv::reset() {
  state_ = torch::randn({state_dim_});
  t_ = 0;
  return state_.clone();
}

torch::Tensor ToyEnv::step(int64_t action, float &reward, bool &done) {
  auto push = torch::zeros({state_dim_});
  push[action % state_dim_] = (action % 2 == 0) ? 0.1 : -0.1;
  state_ = state_ + push;
  reward = -state_.abs().sum().item<float>();
  done = ++t_ >= 50;
  return state_.clone();
}

Trainer::Trainer(QNet online, QNet target, ToyEnv env, torch::Device device, TrainerConfig config)
    : online_(online),
      target_(target),
      env_(std::move(env)),
      device_(device),
      config_(config),
      optimizer_(online_->parameters(), torch::optim::RMSpropOptions(config.learning_rate)) {
  online_->to(device_);
  target_->to(device_);
  hard_update(target_, online_);
}

int64_t Trainer::select_action(const torch::Tensor &state, double epsilon) {
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  if (coin(rng_) < epsilon) {
    std::uniform_int_distribution<int64_t> any(0, 3);
    return any(rng_);
  }
  torch::NoGradGuard no_grad;
  return online_->forward(state.unsqueeze(0).to(device_)).argmax(1).item<int64_t>();
}

void Trainer::run() {
  auto state = env_.reset();
  int64_t step = 0;
  float episode_return = 0.f;
  while (step < config_.max_steps) {
    double epsilon = std::max(0.05, 1.0 - static_cast<double>(step) / 200.0);
    int64_t action = select_action(state, epsilon);
    float reward = 0.f;
    bool done = false;
    auto next_state = env_.step(action, reward, done);
    episode_return += reward;
    replay_.push_back({state, action, reward, next_state, done});
    if (static_cast<int64_t>(replay_.size()) > config_.capacity) {
      replay_.pop_front();
    }
    state = done ? env_.reset() : next_state;
    ++step;
    if (done) {
      std::cout << "step " << step << " episode return " << episode_return << std::endl;
      episode_return = 0.f;
    }
    if (static_cast<int64_t>(replay_.size()) < config_.batch_size) {
      continue;
    }

    // Sample a minibatch from the replay buffer.
    std::uniform_int_distribution<size_t> pick(0, replay_.size() - 1);
    std::vector<torch::Tensor> states, next_states;
    std::vector<int64_t> actions;
    std::vector<float> rewards, dones;
    for (int64_t i = 0; i < config_.batch_size; ++i) {
      const Transition &tr = replay_[pick(rng_)];
      states.push_back(tr.state);
      next_states.push_back(tr.next_state);
      actions.push_back(tr.action);
      rewards.push_back(tr.reward);
      dones.push_back(tr.done ? 1.f : 0.f);
    }
    auto s = torch::stack(states).to(device_);
    auto ns = torch::stack(next_states).to(device_);
    auto a = torch::tensor(actions, torch::kLong).to(device_);
    auto r = torch::tensor(rewards).to(device_);
    auto d = torch::tensor(dones).to(device_);

    torch::Tensor targets;
    {
      torch::NoGradGuard no_grad;
      auto next_q = std::get<0>(target_->forward(ns).max(1));
      targets = r + config_.gamma * next_q * (1 - d);
    }
    auto q = online_->forward(s).gather(1, a.unsqueeze(1)).squeeze(1);
    auto loss = torch::smooth_l1_loss(q, targets);

    optimizer_.zero_grad();
    loss.backward();
    torch::nn::utils::clip_grad_norm_(online_->parameters(), 10.0);
    optimizer_.step();

    if (step % config_.target_sync == 0) {
      hard_update(target_, online_);
    }
  }
}
