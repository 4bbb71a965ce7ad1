#ifndef REINFORCE
#define REINFORCE

#include <torch/torch.h>

#include <random>
#include <vector>

#include "context.h"

class Reinforce : public torch::nn::Module {
 public:
  Reinforce(int64_t num_input, int64_t num_actions, int64_t hidden = 100);
  torch::Tensor forward(torch::Tensor x);
  size_t get_action(const double state[kHistoryLen][kNumFeatures], bool greedy);
  // One policy-gradient update over the episode's states, actions and rewards.
  double update_policy(const std::vector<std::vector<double>>& states,
                       const std::vector<int64_t>& actions, std::vector<double> rewards);

 private:
  torch::nn::Linear fc1_{nullptr};
  torch::nn::Linear fc2_{nullptr};
  int64_t num_input_;
  int64_t num_actions_;
  std::default_random_engine generator_;
  std::unique_ptr<torch::optim::Adam> optimizer_;
};

#endif
