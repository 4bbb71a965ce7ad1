#pragma once

#include <torch/torch.h>

#include <vector>

// Actor and critic trunks of the policy, each a small tanh MLP.
class MlpBaseImpl : public torch::nn::Module {
 public:
  MlpBaseImpl(int64_t num_inputs, int64_t hidden_size, int64_t critic_hidden);

  // Returns {value [B, 1], actor features [B, hidden_size]}.
  std::vector<torch::Tensor> forward(torch::Tensor inputs);

  int64_t get_output_size() const { return hidden_size_; }

 private:
  int64_t hidden_size_;
  torch::nn::Sequential actor_{nullptr};
  torch::nn::Sequential critic_{nullptr};
  torch::nn::Linear critic_linear_{nullptr};
};
TORCH_MODULE(MlpBase);
