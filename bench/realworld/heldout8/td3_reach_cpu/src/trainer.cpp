#include "trainer.h"

#include <iostream>
#include <vector>

namespace {
struct Replay {
  std::vector<torch::Tensor> obs, act, reward, next_obs, done;

  void add(const torch::Tensor &o, const torch::Tensor &a, const StepResult &r) {
    obs.push_back(o);
    act.push_back(a);
    reward.push_back(r.reward);
    next_obs.push_back(r.obs);
    done.push_back(r.done);
  }

  Transition sample(int64_t batch) const {
    auto all_obs = torch::cat(obs, 0);
    auto idx = torch::randint(all_obs.size(0), {batch}, torch::kLong);
    Transition t;
    t.obs = all_obs.index_select(0, idx);
    t.act = torch::cat(act, 0).index_select(0, idx);
    t.reward = torch::cat(reward, 0).index_select(0, idx);
    t.next_obs = torch::cat(next_obs, 0).index_select(0, idx);
    t.done = torch::cat(done, 0).index_select(0, idx);
    return t;
  }
};
}  // namespace

double run_td3(TD3Agent &agent, ReachEnv &env, const AgentConfig &cfg) {
  Replay replay;
  auto obs = env.reset();
  int64_t updates = 0;
  for (int64_t t = 0; t < cfg.env_steps; ++t) {
    torch::Tensor action = t < cfg.warmup_steps ? torch::rand({cfg.num_envs, kActDim}) * 2 - 1
                                                : agent.act(obs, /*explore=*/true);
    StepResult result = env.step(action);
    replay.add(obs, action, result);
    obs = env.observation();  // rows that finished were reset by step()
    if (t >= cfg.warmup_steps) {
      Transition batch = replay.sample(cfg.batch_size);
      agent.train_step(batch, updates % cfg.policy_delay == 0);
      ++updates;
      if (updates % 65 == 0) {
        std::cout << "update " << updates << " critic loss " << agent.last_critic_loss()
                  << " actor loss " << agent.last_actor_loss() << std::endl;
      }
    }
  }
  return agent.last_critic_loss();
}

double evaluate(TD3Agent &agent, int64_t episodes, bool random_policy) {
  torch::NoGradGuard no_grad;
  ReachEnv env(episodes);
  auto obs = env.reset();
  double total = 0.0;
  for (int64_t t = 0; t < kEpisodeLength; ++t) {
    auto action = random_policy ? torch::rand({episodes, kActDim}) * 2 - 1 : agent.act(obs, false);
    StepResult r = env.step(action);
    total += r.distance.mean().item<double>();
    obs = env.observation();
  }
  return total / kEpisodeLength;  // mean distance to the goal over an episode
}
