#include <torch/torch.h>
#include <iostream>
#include <random>
#include "AI/NeuralNetwork.h"
#include "AI/TradingAI.h"

int main() {
    torch::manual_seed(0);
    std::mt19937 rng(42);

    torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
    TradingAgentNet network(device);

    TradingEnvironment env(&network, rng, 1, 10, 10);
    env.train(6, 4, 32);

    std::cout << "final loss: " << env.getLastLoss() << std::endl;
    return 0;
}
