#include <torch/torch.h>

#include <iostream>

#include "a2c.h"
#include "env.h"
#include "policy.h"

const int64_t kObsDim = 11;
const int64_t kActDim = 3;
const int64_t kNumEnvs = 16;

int main() {
  torch::manual_seed(1);
  torch::Device device(torch::cuda::is_available() ? "cuda" : "cpu");

  ActorCritic model(kObsDim, kActDim);
  PointMassEnv env(kNumEnvs, kObsDim, kActDim);
  A2CConfig config{/*num_updates=*/150, /*rollout_length=*/8, /*gamma=*/0.99,
                   /*learning_rate=*/7e-4, /*value_coef=*/0.5, /*entropy_coef=*/0.01};
  train_a2c(model, env, device, config);
  std::cout << "done" << std::endl;
  return 0;
}
