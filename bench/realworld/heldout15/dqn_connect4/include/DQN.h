#pragma once
#include <torch/torch.h>
#include "Hyperparameters.h"

// ======================== Neural Network (DQN) ========================
struct DQNImpl : torch::nn::Module {
    torch::nn::Linear fc1{ nullptr }, fc2{ nullptr }, fc3{ nullptr };

    DQNImpl() {
        fc1 = torch::nn::Linear(STATE_SIZE, HIDDEN_SIZE);
        register_module("fc1", fc1);

        fc2 = torch::nn::Linear(HIDDEN_SIZE, HIDDEN_SIZE);
        register_module("fc2", fc2);

        fc3 = torch::nn::Linear(HIDDEN_SIZE, ACTION_SIZE);
        register_module("fc3", fc3);
    }

    torch::Tensor forward(torch::Tensor x) {
        x = x.view({ x.size(0), -1 });
        x = torch::relu(fc1(x));
        x = torch::relu(fc2(x));
        return fc3(x);   // Q-values
    }
};
TORCH_MODULE(DQN);
