#pragma once

#include <torch/torch.h>

#include "mlp_base.h"
#include "ppo_config.h"

// Categorical action head: one logit per action, invalid actions masked out.
class CategoricalOutputImpl : public torch::nn::Module {
 public:
  CategoricalOutputImpl(int64_t num_inputs, int64_t num_outputs);
  torch::Tensor forward(torch::Tensor features, torch::Tensor valid_mask);

 private:
  torch::nn::Linear linear_{nullptr};
};
TORCH_MODULE(CategoricalOutput);

struct ActResult {
  torch::Tensor value;            // [B]
  torch::Tensor action;           // [B] long
  torch::Tensor action_log_prob;  // [B]
};

struct EvaluateResult {
  torch::Tensor value;             // [B]
  torch::Tensor action_log_probs;  // [B]
  torch::Tensor entropy;           // scalar
};

class PolicyImpl : public torch::nn::Module {
 public:
  explicit PolicyImpl(const PpoConfig& cfg);

  ActResult act(torch::Tensor obs, torch::Tensor valid_mask, bool greedy = false);
  EvaluateResult evaluate_actions(torch::Tensor obs, torch::Tensor valid_mask,
                                  torch::Tensor actions);
  torch::Tensor get_value(torch::Tensor obs);

 private:
  MlpBase base_{nullptr};
  CategoricalOutput dist_{nullptr};
};
TORCH_MODULE(Policy);
