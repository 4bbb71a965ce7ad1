#pragma once
#include <torch/torch.h>

#include <vector>

#include "env.h"
#include "model.hpp"

class Agent
{
public:
    Agent();
    void hard_copy();   // copy the local networks into the targets
    void soft_copy();   // move the targets towards the local networks by tau
    float get_reward(float& reward, float (&reward_type)[5], std::vector<float>& new_state, std::vector<float>& old_state);
    void step(Env& env, float& done, float& reward, float (&reward_type)[5], float& total_reward);
    void learn(double& total_actor_loss, double& total_critic_loss);   // sample a batch and learn from it
    void pretrain_actor(Env& env, int steps);                            // imitate the swing-up controller
    float evaluate(Env& env, int episodes);                              // mean closeness to upright, last second

    Actor a_local;
    Actor a_target;
    torch::optim::Adam actor_optimizer;

    Critic c_local;
    Critic c_target;
    torch::optim::Adam critic_optimizer;

    torch::Device device;

    ReplayBuffer Buffer;
    OUNoise noise;
    int learn_steps = 0;
    int pretrain_steps = 0;
};
