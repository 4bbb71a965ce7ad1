#include "dqn.h"

#include <algorithm>
#include <random>

DQN::DQN(ReplayBuffer& rb, GridWorld& env, QNet qNet, QNet qNetTarget,
         torch::optim::Optimizer& opt, int64_t batch_size, float gamma, float delta,
         torch::Device device)
    : rb(rb),
      env(env),
      qNet(qNet),
      qNetTarget(qNetTarget),
      opt(opt),
      batch_size(batch_size),
      gamma(gamma),
      delta(delta),
      device(device) {
  // the target net stays in eval mode
  qNetTarget->eval();
}

int64_t DQN::nextAction(const torch::Tensor& state, const torch::Tensor& valid, double epsilon) {
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  if (coin(env.rng()) < epsilon) {
    auto candidates = valid.nonzero().view({-1});
    std::uniform_int_distribution<int64_t> pick(0, candidates.size(0) - 1);
    return candidates[pick(env.rng())].item<int64_t>();
  }
  torch::NoGradGuard no_grad;
  auto q = qNet->forward(state.unsqueeze(0).to(device), valid.unsqueeze(0).to(device));
  return q.argmax(1).item<int64_t>();
}

float DQN::train(int64_t total_steps, int64_t warmup) {
  float last_loss = 0.f;
  env.reset();
  torch::Tensor state = env.observe();

  for (int64_t t = 0; t < total_steps; ++t) {
    const double epsilon = std::max(0.05, 1.0 - static_cast<double>(t) / (0.6 * total_steps));
    torch::Tensor valid = env.valid_actions();
    const int64_t action = nextAction(state, valid, epsilon);
    StepResult sr = env.step(action);
    torch::Tensor next_state = env.observe();
    rb.push(Transition{state, valid, action, sr.reward, next_state, env.valid_actions(), sr.done});
    if (sr.done || sr.timeout) {
      env.reset();
      next_state = env.observe();
    }
    state = next_state;
    if (t < warmup) continue;

    RBSample rs = rb.sample(batch_size, device);
    opt.zero_grad();

    // target Q(s, a) from the online net's choice of a' and the target net's value
    torch::Tensor targets;
    {
      torch::NoGradGuard no_grad;
      auto next_actions = qNet->forward(rs.next_states, rs.next_valid).argmax(1);
      auto next_q = qNetTarget->forward(rs.next_states, rs.next_valid)
                        .gather(1, next_actions.unsqueeze(1))
                        .squeeze(1);
      targets = (rs.rewards + gamma * next_q * (1 - rs.dones)).detach();
    }

    // Q(s, a)
    auto out = qNet->forward(rs.states, rs.valid).gather(1, rs.actions.unsqueeze(1)).squeeze(1);
    auto loss = torch::nn::functional::smooth_l1_loss(out, targets);
    loss.backward();
    opt.step();

    // move the target net towards the online net
    update_params();
    last_loss = loss.item<float>();
  }
  return last_loss;
}

double DQN::evaluate(int64_t max_steps) {
  int64_t reached = 0, starts = 0;
  for (int64_t cell = 0; cell < kStateDim; ++cell) {
    if (cell == GridWorld::goal()) continue;
    ++starts;
    env.reset_to(cell);
    for (int64_t k = 0; k < max_steps; ++k) {
      const int64_t action = nextAction(env.observe(), env.valid_actions(), 0.0);
      if (env.step(action).done) {
        ++reached;
        break;
      }
    }
  }
  return static_cast<double>(reached) / static_cast<double>(starts);
}

void DQN::update_params() {
  torch::NoGradGuard no_grad;
  auto p = qNet->parameters();
  auto pT = qNetTarget->parameters();
  for (size_t i = 0; i < pT.size(); i++) {
    pT[i].set_data(delta * pT[i] + (1 - delta) * p[i]);
  }
}
