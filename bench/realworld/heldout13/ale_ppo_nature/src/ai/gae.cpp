#include "ai/gae.h"

namespace ai::gae {

torch::Tensor compute(const torch::Tensor &rewards, const torch::Tensor &values,
                      const torch::Tensor &dones,
                      const torch::Tensor &next_values, float discount,
                      float lambda) {
  const auto horizon = rewards.size(0);
  auto advantages = torch::zeros_like(rewards);
  auto last = torch::zeros_like(next_values);
  for (int64_t t = horizon - 1; t >= 0; --t) {
    auto next = t == horizon - 1 ? next_values : values[t + 1];
    auto not_done = 1.0 - dones[t];
    auto delta = rewards[t] + discount * next * not_done - values[t];
    last = delta + discount * lambda * not_done * last;
    advantages[t] = last;
  }
  return advantages;
}

torch::Tensor normalize(const torch::Tensor &advantages) {
  return (advantages - advantages.mean()) / (advantages.std() + 1e-8);
}

}  // namespace ai::gae
