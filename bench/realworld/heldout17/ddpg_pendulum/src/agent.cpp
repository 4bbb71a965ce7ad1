#include <cmath>
#include <iostream>
#include <torch/torch.h>
#include <vector>

#include "agent.h"

/*learning hyper-params*/
const int64_t actor_state = 5;     // input size of actor
const int64_t actor_layer_1 = 256;
const int64_t actor_layer_2 = 128;
const int64_t actor_layer_3 = 64;
const int64_t actor_layer_4 = 32;
const int64_t actor_out = 1;       // output size of actor

// input to critic = actor_state, actor_out as critic is for action-value
const int64_t critic_layer_1 = 100;
const int64_t critic_layer_2 = 50;
const int64_t critic_layer_3 = critic_layer_2 / 2;
const int64_t critic_out = 1;      // output size of critic

const float actor_lr = 3e-4;       // learning rate for actor
const float critic_lr = 1e-3;      // learning rate of critic
const float tau = 0.01;            // rate at which target nets are updated from local nets
const int batch_size = 64;
float action_scale = 1.0;          // we are going to scale the output of action by this quantity
const float discount = 0.99;       // forget/discount rate


Agent::Agent():
a_local(Actor(actor_state, actor_layer_1, actor_layer_2, actor_layer_3, actor_layer_4, actor_out)),
a_target(Actor(actor_state, actor_layer_1, actor_layer_2, actor_layer_3, actor_layer_4, actor_out)),
actor_optimizer(a_local->parameters(), actor_lr),
c_local(Critic(actor_state, actor_out, critic_layer_1, critic_layer_2, critic_layer_3, critic_out)),
c_target(Critic(actor_state, actor_out, critic_layer_1, critic_layer_2, critic_layer_3, critic_out)),
critic_optimizer(c_local->parameters(), critic_lr),
device(torch::kCPU),
Buffer(ReplayBuffer()),
noise(OUNoise(actor_out))
{
    if (torch::cuda::is_available())
    {
        std::cout << "CUDA is available! Training on GPU." << std::endl;
        device = torch::Device(torch::kCUDA);
    }
    a_local->to(device);
    a_target->to(device);
    c_local->to(device);
    c_target->to(device);

    Agent::hard_copy();
}


float Agent::get_reward(float& reward, float (&reward_type)[5], std::vector<float>& new_state, std::vector<float>& old_state)
{
    // target is to reach the top, cos(pi) = -1
    float new_distance = std::abs((-1) - new_state[1]);
    float old_distance = std::abs((-1) - old_state[1]);
    reward = 10 * ((0.99 * old_distance) - new_distance);
    reward_type[0] += reward;                      // task reward

    reward -= 0.1 * std::abs(new_state[3]);
    reward_type[1] -= 0.1 * std::abs(new_state[3]);  // less torque

    reward -= 0.1 * new_state[4];
    reward_type[2] -= 0.1 * new_state[4];          // less time

    if (new_distance < 0.01 && std::abs(new_state[2]) < 0.05)   // near the top and slow
    {
        reward += 10;
        reward_type[3] += 10;
        return 1.0;
    }
    return 0.0;
}

void Agent::step(Env& env, float& done, float& reward, float (&reward_type)[5], float& total_reward)
{
    a_local->eval();
    torch::NoGradGuard gaurd;

    std::vector<float> sensor_values_vector;
    env.get_state(sensor_values_vector);
    torch::Tensor sensor_values_tensor = torch::tensor(sensor_values_vector).to(device);

    auto action_tensor_cpu = a_local->forward(sensor_values_tensor, action_scale).to(torch::kCPU);
    std::vector<double> action_vector(action_tensor_cpu.data_ptr<float>(), action_tensor_cpu.data_ptr<float>() + action_tensor_cpu.numel());
    action_vector = noise.sample(action_vector);   // adding noise to the action vector

    env.take_action(action_vector);
    std::vector<float> action_f(action_vector.begin(), action_vector.end());
    auto action_tensor = torch::tensor(action_f).to(device);

    std::vector<float> sensor_values_vector_new;
    env.get_state(sensor_values_vector_new);
    torch::Tensor sensor_values_tensor_new = torch::tensor(sensor_values_vector_new).to(device);

    done = get_reward(reward, reward_type, sensor_values_vector_new, sensor_values_vector);
    total_reward += reward;

    torch::Tensor reward_tensor = torch::tensor({ reward }).to(device);
    torch::Tensor done_tensor = torch::tensor({ done }).to(device);

    Buffer.addExperienceState(sensor_values_tensor, action_tensor, reward_tensor, sensor_values_tensor_new, done_tensor);
    a_local->train();
}


void Agent::learn(double& total_actor_loss, double& total_critic_loss)
{
    if (Buffer.getLength() > size_t(batch_size))
    {
        a_local->train();
        auto [state, action, reward_batch, next_state, donezo] = Buffer.sample(batch_size);
        auto actions_next = a_target->forward(next_state, action_scale);
        auto Q_targets_next = c_target->forward(next_state, actions_next);
        auto Q_targets = reward_batch + (discount * Q_targets_next * (1 - donezo));
        auto Q_expected = c_local->forward(state, action);

        torch::Tensor critic_loss = torch::mse_loss(Q_expected, Q_targets.detach());
        critic_optimizer.zero_grad();
        critic_loss.backward();
        critic_optimizer.step();

        auto actions_pred = a_local->forward(state, action_scale);

        auto actor_loss = -(c_local->forward(state, actions_pred).mean());
        actor_optimizer.zero_grad();
        actor_loss.backward();
        actor_optimizer.step();

        soft_copy();
        ++learn_steps;

        total_actor_loss += actor_loss.item<double>();
        total_critic_loss += critic_loss.item<double>();
    }
}

void Agent::pretrain_actor(Env& env, int steps)
{
    for (int i = 0; i < steps; ++i)
    {
        auto states = env.random_states(batch_size).to(device);
        auto target = env.expert_action(states);
        auto pred = a_local->forward(states, action_scale);
        auto loss = torch::mse_loss(pred, target);
        loss.backward();
        actor_optimizer.step();
        ++pretrain_steps;
    }
    hard_copy();
}

float Agent::evaluate(Env& env, int episodes)
{
    torch::NoGradGuard no_grad;
    a_local->eval();
    double closeness = 0.0;
    int samples = 0;
    for (int e = 0; e < episodes; ++e)
    {
        env.reset();
        std::vector<float> s;
        while (env.time < env.max_time)
        {
            env.get_state(s);
            auto a = a_local->forward(torch::tensor(s).to(device), action_scale).to(torch::kCPU);
            env.take_action({ static_cast<double>(a[0].item<float>()) });
            if (env.time > env.max_time - 1.0)
            {
                env.get_state(s);
                closeness += 0.5 * (1.0 - s[1]);   // 1 upright, 0 hanging
                ++samples;
            }
        }
    }
    a_local->train();
    return static_cast<float>(closeness / samples);
}

void Agent::hard_copy()
{
    torch::NoGradGuard no_grad;
    for (size_t i = 0; i < a_target->parameters().size(); i++)
        a_target->parameters()[i].copy_(a_local->parameters()[i]);
    for (size_t i = 0; i < c_target->parameters().size(); i++)
        c_target->parameters()[i].copy_(c_local->parameters()[i]);
}

void Agent::soft_copy()
{
    torch::NoGradGuard no_grad;
    for (size_t i = 0; i < a_target->parameters().size(); i++)
        a_target->parameters()[i].copy_(tau * a_local->parameters()[i] + (1.0 - tau) * a_target->parameters()[i]);
    for (size_t i = 0; i < c_target->parameters().size(); i++)
        c_target->parameters()[i].copy_(tau * c_local->parameters()[i] + (1.0 - tau) * c_target->parameters()[i]);
}
