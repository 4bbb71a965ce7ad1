#include "reinforce.h"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <vector>

namespace {
constexpr double kGamma = 0.9;
constexpr double kEntropyWeight = 0.01;
}  // namespace

Reinforce::Reinforce(int64_t num_input, int64_t num_actions, int64_t hidden)
    : num_input_(num_input), num_actions_(num_actions), generator_(1234) {
  fc1_ = register_module("fc1", torch::nn::Linear(10 * num_input, hidden));
  fc2_ = register_module("fc2", torch::nn::Linear(hidden, num_actions));
  // The original builds its Adam in the member-initialiser list, before fc1 is
  // registered (an optimizer over no parameters); built after the layers here.
  optimizer_ = std::make_unique<torch::optim::Adam>(this->parameters(),
                                                    torch::optim::AdamOptions(3e-3));
}

torch::Tensor Reinforce::forward(torch::Tensor x) {
  auto h = torch::relu(fc1_->forward(x));
  return fc2_->forward(h);
}

size_t Reinforce::get_action(const double state[kHistoryLen][kNumFeatures], bool greedy) {
  torch::NoGradGuard no_grad;
  std::vector<float> flat;
  for (int i = 0; i < kHistoryLen; ++i)
    for (int j = 0; j < kNumFeatures; ++j) flat.push_back(static_cast<float>(state[i][j]));
  torch::Tensor state_tensor = torch::tensor(flat).view({1, 10 * num_input_});

  torch::Tensor preds = torch::softmax(forward(state_tensor), 1).squeeze();
  std::vector<double> preds_vec;
  for (int64_t j = 0; j < num_actions_; j++) {
    preds_vec.push_back(preds[j].item<double>());
  }
  if (greedy) {
    return std::distance(preds_vec.begin(), std::max_element(preds_vec.begin(), preds_vec.end()));
  }
  std::discrete_distribution<size_t> dist(preds_vec.begin(), preds_vec.end());
  return dist(generator_);
}

double Reinforce::update_policy(const std::vector<std::vector<double>>& states,
                                const std::vector<int64_t>& actions, std::vector<double> rewards) {
  std::vector<double> discounted_rewards(rewards.size());
  double running = 0.0;
  for (int i = static_cast<int>(rewards.size()) - 1; i >= 0; --i) {
    running = rewards[i] + kGamma * running;
    discounted_rewards[i] = running;
  }
  const int64_t T = static_cast<int64_t>(states.size());
  std::vector<float> flat;
  for (const auto& s : states) flat.insert(flat.end(), s.begin(), s.end());
  auto state_batch = torch::tensor(flat).view({T, 10 * num_input_});
  auto action_batch = torch::tensor(actions, torch::kLong).view({T, 1});
  auto returns = torch::tensor(std::vector<float>(discounted_rewards.begin(), discounted_rewards.end()));
  returns = (returns - returns.mean()) / (returns.std() + 1e-9);

  auto logits = forward(state_batch);
  auto log_probs = torch::log_softmax(logits, 1);
  auto chosen = log_probs.gather(1, action_batch).squeeze(1);
  auto entropy = -(log_probs.exp() * log_probs).sum(1).mean();
  auto policy_gradient = -(chosen * returns).mean() - kEntropyWeight * entropy;

  optimizer_->zero_grad();
  policy_gradient.backward();
  optimizer_->step();
  return policy_gradient.item<double>();
}
