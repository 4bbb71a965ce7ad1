#pragma once

#include <torch/torch.h>

// A batch of point masses that should be pushed to the origin.
struct EnvStep {
  torch::Tensor obs;
  torch::Tensor reward;
  torch::Tensor done;
};

class PointMassEnv {
 public:
  PointMassEnv(int64_t num_envs, int64_t obs_dim, int64_t act_dim, int64_t horizon = 100)
      : num_envs_(num_envs), obs_dim_(obs_dim), act_dim_(act_dim), horizon_(horizon) {}

  torch::Tensor reset() {
    position_ = torch::randn({num_envs_, act_dim_});
    t_ = 0;
    return observe();
  }

  EnvStep step(const torch::Tensor &action) {
    position_ = position_ + 0.1 * action.clamp(-1.0, 1.0);
    auto reward = -position_.pow(2).sum(-1);
    ++t_;
    bool finished = t_ >= horizon_;
    auto done = torch::full({num_envs_}, finished ? 1.0 : 0.0);
    if (finished) {
      reset();
    }
    return {observe(), reward, done};
  }

  int64_t num_envs() const { return num_envs_; }

 private:
  torch::Tensor observe() const {
    auto features = torch::cat({position_, torch::sin(position_), torch::cos(position_)}, 1);
    auto padding = torch::zeros({num_envs_, obs_dim_ - features.size(1)});
    return torch::cat({features, padding}, 1);
  }

  int64_t num_envs_;
  int64_t obs_dim_;
  int64_t act_dim_;
  int64_t horizon_;
  int64_t t_ = 0;
  torch::Tensor position_;
};
