#include <torch/torch.h>

#include <iostream>

#include "agent_config.h"
#include "reach_env.h"
#include "td3_agent.h"
#include "trainer.h"

int main(int argc, char **argv) {
  AgentConfig cfg = parse_args(argc, argv);
  torch::manual_seed(cfg.seed);
  torch::set_num_threads(1);

  TD3Agent agent(kObsDim, kActDim, cfg);
  agent.to(torch::kCPU);
  ReachEnv env(cfg.num_envs);

  double before = evaluate(agent, 256, /*random_policy=*/false);
  double final_loss = run_td3(agent, env, cfg);
  std::cout << "final loss: " << final_loss << std::endl;

  torch::manual_seed(123);
  double trained = evaluate(agent, 256, false);
  torch::manual_seed(123);
  double random = evaluate(agent, 256, true);
  std::cout << "test mean distance to goal: " << trained << " (untrained policy " << before
            << ", random policy " << random << ")" << std::endl;
  return 0;
}
