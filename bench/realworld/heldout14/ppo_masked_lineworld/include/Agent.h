#ifndef AGENT_H
#define AGENT_H

#include <cmath>
#include <memory>
#include <vector>
#include <torch/torch.h>

#include "Distributions/CategoricalMasked.h"

// Define agent return structs for readability of code
struct AgentOutput {
  torch::Tensor action;
  torch::Tensor logprob;
  torch::Tensor entropy;
  torch::Tensor value;
};

class Agent : public torch::nn::Module {
 public:
  Agent(int64_t obsSize, int64_t actionSize, int64_t hiddenSize, std::shared_ptr<torch::Device> device);
  torch::nn::Linear ppoLayerInit(torch::nn::Linear layer, double stdDev = std::sqrt(2.0), double bias_const = 0.0);
  torch::nn::Sequential makeTrunk(int64_t inSize, int64_t hiddenSize, int64_t outSize, double outStd);
  torch::Tensor getValue(const torch::Tensor& x);
  AgentOutput getActionAndValueMasked(const torch::Tensor& x, const torch::Tensor& mask,
                                      torch::Tensor action = torch::Tensor());
  torch::Tensor greedyAction(const torch::Tensor& x, const torch::Tensor& mask);

  torch::nn::Sequential m_Critic{nullptr};
  torch::nn::Sequential m_Actor{nullptr};

  // Identical to a MultiDiscrete action space: one entry per action branch.
  std::vector<int64_t> m_actionSpace;
  int64_t m_actionSpaceSum;
  std::shared_ptr<torch::Device> m_device;
};

#endif
