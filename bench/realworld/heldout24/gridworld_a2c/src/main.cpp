#include <torch/torch.h>
#include <iostream>
#include "actorcritic.h"
#include "convnetgw.h"
#include "flags.h"
#include "gridworld.h"

int main()
{
  torch::manual_seed(3);

  const GridFlags flags = defaultFlags();
  GridWorld world(11u);
  ConvNetGW model(kWorldSize, flags.conv1, flags.conv2, flags.fc1);

  ActorCritic<GridWorld, ConvNetGW> agent(world, model, flags);
  const double before = agent.successRate(100, 99u);
  agent.train();
  const double after = agent.successRate(100, 99u);

  const auto& losses = agent.getLossHistory();
  std::cout << "final loss: " << losses.back() << std::endl;
  std::cout << "greedy success rate over 100 episodes (random starts): " << before << " -> " << after << std::endl;
  return 0;
}
