#include <torch/torch.h>

#include <iostream>
#include <numeric>
#include <vector>

#include "context.h"
#include "reinforce.h"
#include "stream_env.h"

namespace {
double evaluate(Reinforce& agent, int episodes, unsigned seed) {
  StreamEnv env(40, seed);
  double total = 0.0;
  for (int e = 0; e < episodes; ++e) {
    env.reset();
    double state[kHistoryLen][kNumFeatures];
    while (!env.done()) {
      env.state(state);
      total += env.step(static_cast<int>(agent.get_action(state, true)));
    }
  }
  return total / episodes;
}
}  // namespace

int main() {
  torch::manual_seed(3);

  Reinforce agent(kNumFeatures, kNumBitrates);
  const double qoe_before = evaluate(agent, 20, 777);

  StreamEnv env(40, 42);
  std::vector<double> losses;
  const int num_episodes = 250;
  for (int episode = 0; episode < num_episodes; ++episode) {
    env.reset();
    std::vector<std::vector<double>> states;
    std::vector<int64_t> actions;
    std::vector<double> rewards;
    double state[kHistoryLen][kNumFeatures];
    while (!env.done()) {
      env.state(state);
      states.emplace_back(&state[0][0], &state[0][0] + kHistoryLen * kNumFeatures);
      const size_t action = agent.get_action(state, false);
      actions.push_back(static_cast<int64_t>(action));
      rewards.push_back(env.step(static_cast<int>(action)));
    }
    losses.push_back(agent.update_policy(states, actions, rewards));
    if ((episode + 1) % 50 == 0) {
      const double qoe = std::accumulate(rewards.begin(), rewards.end(), 0.0);
      std::cout << "episode " << episode + 1 << " QoE " << qoe << " loss " << losses.back()
                << std::endl;
    }
  }
  const double final_loss =
      std::accumulate(losses.end() - 10, losses.end(), 0.0) / 10.0;
  const double qoe_after = evaluate(agent, 20, 777);

  std::cout << "final loss: " << final_loss << std::endl;
  std::cout << "test mean QoE per video (greedy): " << qoe_before << " -> " << qoe_after
            << std::endl;
  return 0;
}
