// PPO on a 5 x 5 grid world with a wall: the agent starts on a random free cell and
// has to reach the bottom-right corner within 20 moves.
#include <torch/torch.h>

#include <array>
#include <iomanip>
#include <iostream>
#include <random>
#include <utility>
#include <vector>

#include "policy.h"
#include "ppo.h"
#include "ppo_config.h"

namespace {

constexpr int kMaxSteps = 20;
constexpr int kGoalRow = kGridSize - 1;
constexpr int kGoalCol = kGridSize - 1;
constexpr std::array<int, 4> kRowMove = {-1, 1, 0, 0};
constexpr std::array<int, 4> kColMove = {0, 0, -1, 1};

bool is_wall(int row, int col) { return row == 2 && col >= 1 && col <= 3; }

class GridWorld {
 public:
  explicit GridWorld(uint64_t seed) : rng_(seed) { reset(); }

  void reset() {
    std::uniform_int_distribution<int> cell(0, kGridSize - 1);
    do {
      row_ = cell(rng_);
      col_ = cell(rng_);
    } while (is_wall(row_, col_) || (row_ == kGoalRow && col_ == kGoalCol));
    t_ = 0;
  }

  void place(int row, int col) {
    row_ = row;
    col_ = col;
    t_ = 0;
  }

  bool blocked(int action) const {
    const int r = row_ + kRowMove[action];
    const int c = col_ + kColMove[action];
    return r < 0 || r >= kGridSize || c < 0 || c >= kGridSize || is_wall(r, c);
  }

  torch::Tensor observation() const {
    auto obs = torch::zeros({kGridSize * kGridSize + 5});
    obs[row_ * kGridSize + col_] = 1.0;
    for (int a = 0; a < 4; ++a) {
      obs[kGridSize * kGridSize + a] = blocked(a) ? 1.0 : 0.0;
    }
    obs[kGridSize * kGridSize + 4] = 1.0 - static_cast<double>(t_) / kMaxSteps;
    return obs;
  }

  torch::Tensor valid_mask() const {
    auto mask = torch::ones({4}, torch::kBool);
    for (int a = 0; a < 4; ++a) {
      if (blocked(a)) mask[a] = false;
    }
    return mask;
  }

  // Returns {reward, episode finished}.
  std::pair<float, bool> step(int action) {
    if (!blocked(action)) {
      row_ += kRowMove[action];
      col_ += kColMove[action];
    }
    ++t_;
    if (row_ == kGoalRow && col_ == kGoalCol) return {1.0f, true};
    return {-0.02f, t_ >= kMaxSteps};
  }

 private:
  std::mt19937_64 rng_;
  int row_ = 0;
  int col_ = 0;
  int t_ = 0;
};

Rollout collect_rollout(Policy& policy, std::vector<GridWorld>& envs, const PpoConfig& cfg,
                        torch::Device device, int& episodes, int& successes) {
  const int64_t n = static_cast<int64_t>(envs.size());
  const int64_t obs_dim = cfg.obs_dim + cfg.extra_features;
  Rollout r;
  r.obs = torch::zeros({cfg.num_steps, n, obs_dim});
  r.valid_masks = torch::zeros({cfg.num_steps, n, cfg.num_actions}, torch::kBool);
  r.actions = torch::zeros({cfg.num_steps, n}, torch::kLong);
  r.log_probs = torch::zeros({cfg.num_steps, n});
  r.values = torch::zeros({cfg.num_steps + 1, n});
  r.rewards = torch::zeros({cfg.num_steps, n});
  r.not_done = torch::zeros({cfg.num_steps, n});

  torch::NoGradGuard no_grad;
  for (int t = 0; t < cfg.num_steps; ++t) {
    std::vector<torch::Tensor> obs_list, mask_list;
    for (auto& env : envs) {
      obs_list.push_back(env.observation());
      mask_list.push_back(env.valid_mask());
    }
    auto obs = torch::stack(obs_list);
    auto masks = torch::stack(mask_list);
    auto result = policy->act(obs.to(device), masks.to(device));
    auto actions = result.action.cpu();
    r.obs[t] = obs;
    r.valid_masks[t] = masks;
    r.actions[t] = actions;
    r.log_probs[t] = result.action_log_prob.cpu();
    r.values[t] = result.value.cpu();
    for (int64_t i = 0; i < n; ++i) {
      auto [reward, done] = envs[i].step(static_cast<int>(actions[i].item<int64_t>()));
      r.rewards[t][i] = reward;
      r.not_done[t][i] = done ? 0.0 : 1.0;
      if (done) {
        ++episodes;
        if (reward > 0.0f) ++successes;
        envs[i].reset();
      }
    }
  }
  std::vector<torch::Tensor> last_obs;
  for (auto& env : envs) last_obs.push_back(env.observation());
  r.values[cfg.num_steps] = policy->get_value(torch::stack(last_obs).to(device)).cpu();
  return r;
}

double greedy_success_rate(Policy& policy, torch::Device device) {
  torch::NoGradGuard no_grad;
  GridWorld env(0);
  int starts = 0, reached = 0;
  for (int row = 0; row < kGridSize; ++row) {
    for (int col = 0; col < kGridSize; ++col) {
      if (is_wall(row, col) || (row == kGoalRow && col == kGoalCol)) continue;
      ++starts;
      env.place(row, col);
      for (int t = 0; t < kMaxSteps; ++t) {
        auto result = policy->act(env.observation().unsqueeze(0).to(device),
                                  env.valid_mask().unsqueeze(0).to(device), /*greedy=*/true);
        auto [reward, done] = env.step(static_cast<int>(result.action.item<int64_t>()));
        if (done) {
          if (reward > 0.0f) ++reached;
          break;
        }
      }
    }
  }
  return static_cast<double>(reached) / starts;
}

}  // namespace

int main() {
  torch::manual_seed(0);
  const PpoConfig cfg = make_config();
  torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;

  Policy policy(cfg);
  policy->to(device);
  PPO ppo(policy, cfg, device);

  std::vector<GridWorld> envs;
  for (int i = 0; i < cfg.num_envs; ++i) envs.emplace_back(100 + i);

  std::cout << "greedy success rate before training: " << greedy_success_rate(policy, device)
            << "\n";
  float loss = 0.0f;
  int episodes = 0, successes = 0;
  for (int update = 0; update < cfg.num_updates; ++update) {
    Rollout rollout = collect_rollout(policy, envs, cfg, device, episodes, successes);
    loss = ppo.update(rollout);
    if ((update + 1) % 6 == 0) {
      std::cout << "update " << std::setw(2) << update + 1 << "  loss " << loss
                << "  episodes " << episodes << "  reached goal " << successes << "\n";
      episodes = successes = 0;
    }
  }
  std::cout << "final loss: " << loss << "\n";
  std::cout << "test greedy success rate: " << greedy_success_rate(policy, device) << "\n";
  return 0;
}
