#pragma once
#include <torch/torch.h>
#include <vector>
#include "AI/NeuralNetwork.h"

// Follows the marked-to-market PnL of one decision over the next decisions, then gives its reward.
class RewardWindow {
public:
    RewardWindow(int decision_index, Action action, float entry_price, int position,
        torch::Tensor proba, torch::Tensor value, torch::Tensor agent_state_tensor,
        torch::Tensor best_asks, torch::Tensor best_bids, bool isInvalid, int length = 10)
        : decision_index(decision_index), action(action), entry_price(entry_price),
          position(position), proba(proba), value(value), agent_state_tensor(agent_state_tensor),
          best_asks(best_asks), best_bids(best_bids), isInvalid(isInvalid), length(length) {}

    void addPnL(float best_bid, float best_ask) {
        int exposure = position;
        if (action == Action::BUY_MARKET && position == 0) exposure = 1;
        if (action == Action::SELL_MARKET && position == 0) exposure = -1;
        float mark = exposure > 0 ? best_bid : best_ask;
        pnls.push_back(exposure * (mark - entry_price));
    }

    bool isComplete() const { return static_cast<int>(pnls.size()) >= length; }

    torch::Tensor computeWeightedReward() const {
        float reward = 0.0f;
        float weight_sum = 0.0f;
        for (size_t k = 0; k < pnls.size(); ++k) {
            float w = 1.0f / static_cast<float>(k + 1);
            reward += w * pnls[k];
            weight_sum += w;
        }
        reward = weight_sum > 0.0f ? reward / weight_sum : 0.0f;
        if (isInvalid) reward -= 1.0f;
        return torch::tensor({ reward }, torch::dtype(torch::kFloat).device(value.device()));
    }

    int decision_index;
    Action action;
    float entry_price;
    int position;
    torch::Tensor proba;
    torch::Tensor value;
    torch::Tensor agent_state_tensor;
    torch::Tensor best_asks;
    torch::Tensor best_bids;
    bool isInvalid;

private:
    int length;
    std::vector<float> pnls;
};
