#pragma once
#include <torch/torch.h>

// max over legal actions of the Q-values (illegal columns masked out)
torch::Tensor masked_max_q(const torch::Tensor& q, const torch::Tensor& legal);
// greedy legal action for one state
int64_t greedy_action(const torch::Tensor& q, const torch::Tensor& legal);
