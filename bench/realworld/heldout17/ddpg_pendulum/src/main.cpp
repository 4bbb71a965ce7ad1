#include <algorithm>
#include <iostream>
#include <torch/torch.h>
#include <vector>

#include "agent.h"
#include "env.h"

double last_critic_loss = 0.0;

void train(Env& env, Agent& agent, short total_epochs = 3, float max_time = 4.0 /*sec*/)
{
    for (short epoch = 0; epoch < total_epochs; epoch++)
    {
        agent.noise.reset();
        env.reset();
        env.max_time = max_time;
        float total_reward = 0.0;
        float reward = 0.0;
        float done = 0.0;
        float reward_type[5] = { 0.0, 0.0, 0.0, 0.0, 0.0 };   // task, torque, time, reached_top, unused
        double total_actor_loss = 0.0;
        double total_critic_loss = 0.0;
        const int steps_before = agent.learn_steps;

        env.set_epoch_time();

        while (env.time - env.epoch_start_time < max_time)
        {
            agent.step(env, done, reward, reward_type, total_reward);
            agent.learn(total_actor_loss, total_critic_loss);
            if (done > 0.5)
                break;
        }
        const int learned = std::max(1, agent.learn_steps - steps_before);
        last_critic_loss = total_critic_loss / learned;
        std::cout << "end of epoch: " << epoch << " total reward: " << total_reward << std::endl;
        std::cout << "actor_loss(-critic): " << total_actor_loss / learned
                  << "  critic_loss: " << last_critic_loss << std::endl;
    }
}

int main()
{
    torch::manual_seed(0);
    Env env(42);
    Agent agent;

    Env test_env(1000);
    test_env.max_time = 6.0;
    const float before = agent.evaluate(test_env, 3);

    agent.pretrain_actor(env, 100);
    const float after_pretrain = agent.evaluate(test_env, 3);
    train(env, agent);
    const float after = agent.evaluate(test_env, 3);

    std::cout << "optimizer steps: actor " << agent.pretrain_steps + agent.learn_steps
              << ", critic " << agent.learn_steps << std::endl;
    std::cout << "final loss: " << last_critic_loss << std::endl;
    std::cout << "test closeness to upright over the last second (1 = upright): " << before
              << " -> " << after_pretrain << " (imitation) -> " << after << std::endl;
    return 0;
}
