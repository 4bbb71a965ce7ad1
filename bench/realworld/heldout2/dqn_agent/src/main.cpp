#include <torch/torch.h>

#include <iostream>
#include <vector>

#include "agent.h"
#include "qnet.h"

const int64_t kStateDim = 6;
const int64_t kNumActions = 4;
const std::vector<int64_t> kHiddenSizes = {128, 64};

int main() {
  torch::manual_seed(0);
  torch::Device device = torch::cuda::is_available() ? torch::Device(torch::kCUDA) : torch::Device(torch::kCPU);

  QNet online(kStateDim, kHiddenSizes, kNumActions);
  QNet target(kStateDim, kHiddenSizes, kNumActions);

  TrainerConfig config{/*batch_size=*/50, /*capacity=*/5000, /*target_sync=*/100,
                       /*max_steps=*/400, /*gamma=*/0.99, /*learning_rate=*/1e-3};
  Trainer trainer(online, target, ToyEnv(kStateDim), device, config);
  trainer.run();
  std::cout << "done" << std::endl;
  return 0;
}
