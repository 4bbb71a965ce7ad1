#ifndef PPO_DISCRETE_H
#define PPO_DISCRETE_H

#include <array>
#include <memory>
#include <vector>
#include <torch/torch.h>

#include "Agent.h"
#include "Environments/LineWorld.h"

class PPO_Discrete {
 public:
  PPO_Discrete();
  void train();
  double evaluate(int64_t episodes, uint32_t seed);
  double lastLoss() const { return m_last_loss; }

 private:
  void getArgs();
  torch::Tensor initEnvs();
  std::array<torch::Tensor, 2> calcAdvantage(const torch::Tensor& next_obs, const torch::Tensor& next_done) const;

  // hyperparameters
  int64_t m_obs_size;
  int64_t m_action_size;
  int64_t m_hidden_size;
  bool m_wide_net;
  float m_learning_rate;
  uint32_t m_seed;
  bool m_use_cuda;
  int64_t m_num_envs;
  int64_t m_num_steps;
  int64_t m_num_updates;
  float m_gamma;
  float m_gae_lambda;
  int64_t m_num_minibatches;
  int64_t m_update_epochs;
  bool m_norm_adv;
  float m_clip_coef;
  float m_ent_coef;
  float m_vf_coef;
  float m_max_grad_norm;
  int64_t m_batch_size;
  int64_t m_minibatch_size;
  double m_last_loss = 0.0;

  std::shared_ptr<torch::Device> m_device;
  std::shared_ptr<Agent> m_agent;
  std::shared_ptr<torch::optim::AdamW> m_optimizer;
  std::vector<std::shared_ptr<LineWorld>> m_envs;

  // rollout storage
  torch::Tensor m_obs, m_masks, m_actions, m_logprobs, m_rewards, m_dones, m_values;
};

#endif
