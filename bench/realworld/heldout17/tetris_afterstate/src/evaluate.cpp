#include "train.hpp"

// Greedy play: mean number of cleared lines per game.
float evaluate(const std::shared_ptr<DQN> &model, torch::Device device, int games, std::uint64_t seed) {
  torch::NoGradGuard no_grad;
  model->eval();
  TetrisForAI env(seed);
  int total_lines = 0;
  for (int g = 0; g < games; ++g) {
    env.reset();
    bool done = false;
    while (!done) {
      auto next_steps = env.get_next_states();
      if (next_steps.empty()) break;
      std::vector<Action> actions;
      std::vector<State> states;
      for (const auto &s : next_steps) {
        actions.push_back(s.first);
        states.push_back(s.second);
      }
      auto values = model->forward(torch::stack(states).to(device)).squeeze(1);
      const int best = values.argmax().item<int>();
      done = env.step(actions[best]).second;
    }
    total_lines += env.cleared_lines;
  }
  model->train();
  return static_cast<float>(total_lines) / games;
}
