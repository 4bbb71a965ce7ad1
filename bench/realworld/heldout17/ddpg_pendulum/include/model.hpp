#pragma once
#include <torch/torch.h>

#include <deque>
#include <random>
#include <tuple>
#include <vector>

#include "norm.h"

using Experience = std::tuple<torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor>;   // state, action, reward, next_state, done

/*              Critic definition               */
struct CriticImpl: torch::nn::Module
{
    CriticImpl(int state_size, int action_size, int layer1, int layer2, int layer3, int out):
    CLayer_state(torch::nn::Linear(state_size, state_size)),
    CLayer_action(torch::nn::Linear(action_size, action_size)),
    CLayer1(torch::nn::Linear(state_size + action_size, layer1)),
    CLayer2(torch::nn::Linear(layer1, layer2)),
    CLayer3(torch::nn::Linear(layer2, layer3)),
    CLayer4(torch::nn::Linear(layer3, out))
    {
        register_module("CLayer_state", CLayer_state);
        register_module("CLayer_action", CLayer_action);
        register_module("CLayer1", CLayer1);
        register_module("CLayer2", CLayer2);
        register_module("CLayer3", CLayer3);
        register_module("CLayer4", CLayer4);
    }

    torch::Tensor forward(torch::Tensor state, torch::Tensor action)
    {
        if (state.dim() == 1)
            state = torch::unsqueeze(state, 0);
        if (action.dim() == 1)
            action = torch::unsqueeze(action, 0);
        state = torch::tanh(CLayer_state(state));
        action = torch::tanh(CLayer_action(action));
        auto xa = torch::cat({state, action}, /*dim=*/1);
        xa = torch::tanh(CLayer1(xa));
        xa = feature_norm(xa);
        xa = torch::tanh(CLayer2(xa));
        xa = torch::tanh(CLayer3(xa));
        xa = CLayer4(xa);
        return xa;
    }

    torch::nn::Linear CLayer_state, CLayer_action, CLayer1, CLayer2, CLayer3, CLayer4;
};
TORCH_MODULE(Critic);

/*              Actor definition            */
struct ActorImpl: torch::nn::Module
{
    ActorImpl(int state_size, int layer1, int layer2, int layer3, int layer4, int out):
    ALayer1(torch::nn::Linear(state_size, layer1)),
    ALayer2(torch::nn::Linear(layer1, layer2)),
    ALayer3(torch::nn::Linear(layer2, layer3)),
    ALayer4(torch::nn::Linear(layer3, layer4)),
    ALayer5(torch::nn::Linear(layer4, out))
    {
        register_module("ALayer1", ALayer1);
        register_module("ALayer2", ALayer2);
        register_module("ALayer3", ALayer3);
        register_module("ALayer4", ALayer4);
        register_module("ALayer5", ALayer5);
    }

    torch::Tensor forward(torch::Tensor x, float action_scale)
    {
        x = torch::tanh(ALayer1(x));
        x = torch::tanh(ALayer2(x));
        x = torch::tanh(ALayer3(x));
        x = torch::tanh(ALayer4(x));
        x = action_scale * torch::tanh(ALayer5(x));
        return x;
    }

    torch::nn::Linear ALayer1, ALayer2, ALayer3, ALayer4, ALayer5;
};
TORCH_MODULE(Actor);

class ReplayBuffer
{
public:
    ReplayBuffer() : rng(7) {}

    void addExperienceState(torch::Tensor state, torch::Tensor action, torch::Tensor reward, torch::Tensor next_state, torch::Tensor done)
    {
        addExperienceState(std::make_tuple(state, action, reward, next_state, done));
    }
    void addExperienceState(Experience experience);

    Experience sample(int num_agent);   // num_agent rows, stacked
    Experience sample();                // one row
    size_t getLength() const { return circular_buffer.size(); }

private:
    std::deque<Experience> circular_buffer;
    size_t capacity = 100000;
    std::mt19937 rng;
};

class OUNoise {
    // Ornstein-Uhlenbeck process.
private:
    size_t size;
    std::vector<double> mu;
    std::vector<double> state;
    double theta = 0.15;
    double sigma = 0.2;
    std::mt19937 rng{11};

public:
    explicit OUNoise(size_t size_in) {
        size = size_in;
        mu = std::vector<double>(size, 0);
        reset();
    }

    void reset() { state = mu; }

    std::vector<double> sample(std::vector<double> action) {
        std::normal_distribution<double> normal(0.0, 1.0);
        for (size_t i = 0; i < state.size(); i++) {
            double dx = theta * (mu[i] - state[i]) + sigma * normal(rng);
            state[i] = state[i] + dx;
            action[i] += state[i];
        }
        return action;
    }
};
