#include "Agent.h"

#include <numeric>

// Creates PPO's agent, which contains the actor and the critic's networks.
Agent::Agent(int64_t obsSize, int64_t actionSize, int64_t hiddenSize, std::shared_ptr<torch::Device> device) {
  m_actionSpace = {actionSize};
  m_actionSpaceSum = std::accumulate(m_actionSpace.begin(), m_actionSpace.end(), int64_t{0});

  // Critic's output layer uses 1 as std deviation, the actor's 0.01 (similar action probabilities at start).
  m_Critic = register_module("m_Critic", makeTrunk(obsSize, hiddenSize, 1, 1.0));
  m_Actor = register_module("m_Actor", makeTrunk(obsSize, hiddenSize, m_actionSpaceSum, 0.01));
  m_device = device;
}

// Three linear layers with hyperbolic tan as activation function, initialised like Python's PPO.
torch::nn::Sequential Agent::makeTrunk(int64_t inSize, int64_t hiddenSize, int64_t outSize, double outStd) {
  torch::nn::Linear inputLayer = ppoLayerInit(torch::nn::Linear(inSize, hiddenSize));
  torch::nn::Linear middleLayer = ppoLayerInit(torch::nn::Linear(hiddenSize, hiddenSize));
  torch::nn::Linear outputLayer = ppoLayerInit(torch::nn::Linear(hiddenSize, outSize), outStd);
  return torch::nn::Sequential({{"inputLayer", inputLayer},
                                {"Tanh1", torch::nn::Tanh()},
                                {"middleLayer", middleLayer},
                                {"Tanh2", torch::nn::Tanh()},
                                {"outputLayer", outputLayer}});
}

// PPO uses orthogonal initialization on the weights and a constant on the biases.
torch::nn::Linear Agent::ppoLayerInit(torch::nn::Linear layer, double stdDev, double bias_const) {
  torch::NoGradGuard noGrad;
  torch::nn::init::orthogonal_(layer->weight, stdDev);
  torch::nn::init::constant_(layer->bias, bias_const);
  return layer;
}

torch::Tensor Agent::getValue(const torch::Tensor& x) { return m_Critic->forward(x); }

AgentOutput Agent::getActionAndValueMasked(const torch::Tensor& x, const torch::Tensor& mask, torch::Tensor action) {
  torch::Tensor logits = m_Actor->forward(x);
  CategoricalMasked categorical(logits, mask, m_device);
  if (!action.defined() || !action.numel()) {
    action = categorical.sample();
  }
  return {action, categorical.log_prob(action), categorical.entropy(), m_Critic->forward(x)};
}

torch::Tensor Agent::greedyAction(const torch::Tensor& x, const torch::Tensor& mask) {
  CategoricalMasked categorical(m_Actor->forward(x), mask, m_device);
  return categorical.mode();
}
