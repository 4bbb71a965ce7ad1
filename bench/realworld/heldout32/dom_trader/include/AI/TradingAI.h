#pragma once
#include <vector>
#include <optional>
#include <random>
#include "engine/OrderBook.h"
#include "AI/RewardWindow.h"
#include "AI/NeuralNetwork.h"

constexpr int HISTORY_LEN = 200;

struct Transition {
    torch::Tensor best_asks;
    torch::Tensor best_bids;
    torch::Tensor agent_state;
    torch::Tensor action;
    torch::Tensor log_prob;
    torch::Tensor reward;
    torch::Tensor value;
    torch::Tensor done;
};


class MemoryBuffer {
public:
    MemoryBuffer(int64_t T_max, torch::Device device);
    void store(const Transition& exp);
    void clear();
    int64_t size() const { return current_size_; }

    torch::Tensor computeReturns(float last_value, float gamma) const;
    torch::Tensor computeAdvantages(float last_value, float gamma, float lambda) const;

    Transition sampleMiniBatch(int batch_size, const torch::Tensor& indices) const;

private:
    int64_t T_max_;
    int64_t current_size_;
    torch::Device device_;
    torch::Tensor best_asks;     // [T_max, 1, HISTORY_LEN]
    torch::Tensor best_bids;     // [T_max, 1, HISTORY_LEN]
    torch::Tensor agent_states;  // [T_max, 1]
    torch::Tensor actions;       // [T_max]
    torch::Tensor log_probs;     // [T_max]
    torch::Tensor rewards;       // [T_max]
    torch::Tensor values;        // [T_max]
    torch::Tensor dones;         // [T_max]
};


struct TradeLog {
    int timestep_entry;
    float price_entry;
    int timestep_exit;
    float price_exit;
    float pnl;
    Action entry_action;
    Action exit_action;
};


class TradingEnvironment {
public:
    TradingEnvironment(TradingAgentNet* network, std::mt19937 rng,
        int N_trajectories = 1, int traj_duration = 10, int decision_per_second = 10);
    ~TradingEnvironment();

    void reset();
    Action sampleFromPolicy(const torch::Tensor& policy, std::mt19937& rng);
    void handleAction(Action action, const torch::Tensor& policy, const torch::Tensor& value);
    void updateRewardWindows();

    void collectTransitions(std::mt19937& rng);
    void optimize(std::mt19937& rng, int num_epochs, int batch_size, float clip_param,
        float value_loss_coef, float entropy_coef);
    void train(int num_trajectories, int num_epochs, int batch_size, float clip_param = 0.2f,
        float value_loss_coef = 0.25f, float entropy_coef = 0.02f);
    void computeMetrics(int episode);

    float getLastLoss() const { return last_loss; }
    int current_decision_index = 0;

private:
    torch::Device device;
    OrderBook orderBook;
    TradingAgentNet* network;
    int decision_per_second;
    int traj_duration;
    MemoryBuffer memoryBuffer;
    Heatmap heatmap;
    std::mt19937 rng;
    torch::optim::Adam* optimizer;

    torch::Tensor best_asks_tensor;
    torch::Tensor best_bids_tensor;

    AgentState agent_state;
    std::vector<RewardWindow> reward_windows;
    std::vector<TradeLog> trade_logs;
    std::optional<TradeLog> open_trade;
    float entry_price = 0.0f;

    int marketUpdatePerDecision = 100;
    bool isEpisodeDone = false;
    float last_loss = 0.0f;
    float loss_sum = 0.0f;
    int loss_count = 0;
};
