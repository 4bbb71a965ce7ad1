#pragma once
#include <torch/torch.h>
#include <deque>
#include <random>
#include "DQN.h"

struct Transition {
    torch::Tensor state;
    int action;
    float reward;
    torch::Tensor next_state;
    torch::Tensor next_legal;
    bool done;
};

class DQNAgent {
public:
    DQNAgent();
    int act(const torch::Tensor& state, const torch::Tensor& legal, bool explore);
    void remember(Transition t);
    float train_step();
    void pretrain_on_heuristic(const torch::Tensor& states, const torch::Tensor& moves, int rounds);
    void sync_target();
    void decay_epsilon();
    int steps_done() const { return learn_steps; }

private:
    torch::Device device;
    DQN policy_net;
    DQN target_net;
    torch::optim::Adam optimizer;
    std::deque<Transition> memory;
    double epsilon = 1.0;
    int learn_steps = 0;
    std::mt19937 rng{ 42 };
};
