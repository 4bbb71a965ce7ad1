#ifndef ACTORCRITIC_H
#define ACTORCRITIC_H

#include <torch/torch.h>
#include <vector>
#include "convnetgw.h"
#include "flags.h"
#include "gridworld.h"

template <class W, class M>
class ActorCritic
{
 public:
  ActorCritic(W world, M model, const GridFlags& flags);
  void evaluateRunValues();
  void backPropagate(torch::optim::Adam *opti);
  void train();
  // greedy episodes from random starts: the share that reaches the goal
  double successRate(int episodes, unsigned seed);
  M getModel() const;
  const std::vector<float>& getLossHistory() const { return lossHistory; }

 private:
  W world;
  M model;
  int episodeNumber = 0;
  int nEpisodes;
  int maxUpdates;
  float gamma;
  float learningRate;
  float beta;
  float zeta;
  int batchSize;
  torch::Tensor runStates;
  torch::Tensor runActions;
  torch::Tensor runIllegal;
  std::vector<float> runRewards;
  std::vector<bool> runAreTerminal;
  torch::Tensor runValues;

  std::vector<float> policyLossHistory;
  std::vector<float> valueLossHistory;
  std::vector<float> entropyHistory;
  std::vector<float> lossHistory;
};

#endif // ACTORCRITIC_H
