#pragma once
#include <torch/torch.h>
#include <iostream>

enum Action { BUY_MARKET = 0, SELL_MARKET = 1, WAIT = 2 };

struct AgentState {
    int position = 0;
    torch::Tensor toTensor() const {
        return torch::tensor({ static_cast<float>(position) });
    }
};

// Network of the trading agent: agent state MLP + 1D convolutions over best ask/bid histories
struct TradingAgentNet : torch::nn::Module {
    TradingAgentNet(torch::Device device);

    std::pair<torch::Tensor, torch::Tensor> forward(torch::Tensor state, torch::Tensor best_asks, torch::Tensor best_bids);

    torch::nn::Linear fc_state{ nullptr };
    torch::nn::Conv1d conv1d_asks_1{ nullptr }, conv1d_asks_2{ nullptr };
    torch::nn::BatchNorm1d bn1d_asks_1{ nullptr }, bn1d_asks_2{ nullptr };
    torch::nn::Conv1d conv1d_bids_1{ nullptr }, conv1d_bids_2{ nullptr };
    torch::nn::BatchNorm1d bn1d_bids_1{ nullptr }, bn1d_bids_2{ nullptr };
    torch::nn::MaxPool1d pool1d{ nullptr };

    torch::nn::Linear fc1{ nullptr }, fc2{ nullptr }, fc3{ nullptr };
    torch::nn::Linear policy_head{ nullptr }, value_head{ nullptr };
};
