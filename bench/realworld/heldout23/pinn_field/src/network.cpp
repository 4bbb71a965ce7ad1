#include "network.h"

torch::nn::Sequential buildApproximator(const AiConfig& cfg)
{
    torch::nn::Sequential nn;
    // - Input layer are always the 3 spatial coordinates.
    nn->push_back(torch::nn::Linear(3, cfg.hiddenLayers[0]));
    nn->push_back(torch::nn::GELU());
    // - Hidden layers
    for (std::size_t L = 0; L + 1 < cfg.hiddenLayers.size(); ++L)
    {
        nn->push_back(torch::nn::Linear(cfg.hiddenLayers[L], cfg.hiddenLayers[L + 1]));
        nn->push_back(torch::nn::GELU());
    }
    // - Output is 1D: value of the learned scalar field.
    nn->push_back(torch::nn::Linear(cfg.hiddenLayers.back(), 1));
    return nn;
}
