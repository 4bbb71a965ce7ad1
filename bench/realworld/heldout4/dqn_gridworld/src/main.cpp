#include <torch/torch.h>

#include <iostream>

#include "dqn.h"
#include "gridworld.h"
#include "qnet.h"
#include "replay_buffer.h"

int main() {
  torch::manual_seed(21);
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

  GridWorld env(21);
  ReplayBuffer rb(/*capacity=*/2000, /*seed=*/21);

  QNet qNet(kStateDim, kNumActions);
  QNet qNetTarget(kStateDim, kNumActions);
  {
    torch::NoGradGuard no_grad;
    auto p = qNet->parameters();
    auto pT = qNetTarget->parameters();
    for (size_t i = 0; i < p.size(); ++i) pT[i].copy_(p[i]);
  }
  qNet->to(device);
  qNetTarget->to(device);

  torch::optim::Adam opt(qNet->parameters(), torch::optim::AdamOptions(2e-3));
  DQN dqn(rb, env, qNet, qNetTarget, opt, /*batch_size=*/32, /*gamma=*/0.9f, /*delta=*/0.9f,
          device);

  float loss = dqn.train(/*total_steps=*/400, /*warmup=*/100);
  double success = dqn.evaluate(/*max_steps=*/12);

  std::cout << "final loss: " << loss << std::endl;
  std::cout << "test success rate: " << success << std::endl;
  return 0;
}
