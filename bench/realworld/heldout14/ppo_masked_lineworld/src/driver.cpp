#include <iostream>
#include <torch/torch.h>

#include "PPO/PPO_Discrete.h"

int main() {
  torch::manual_seed(1);
  PPO_Discrete ppo;
  std::cout << "untrained greedy success rate: " << ppo.evaluate(50, 1234) << std::endl;
  ppo.train();
  std::cout << "final loss: " << ppo.lastLoss() << std::endl;
  std::cout << "test greedy success rate: " << ppo.evaluate(50, 1234) << std::endl;
  return 0;
}
