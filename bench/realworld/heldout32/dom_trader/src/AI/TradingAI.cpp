#include "AI/TradingAI.h"
#include <iostream>
#include <algorithm>
#include <cmath>

MemoryBuffer::MemoryBuffer(int64_t T_max, torch::Device device) : T_max_(T_max), current_size_(0), device_(device) {
    best_asks = torch::empty({ T_max, 1, HISTORY_LEN }, torch::dtype(torch::kFloat).device(device_));
    best_bids = torch::empty({ T_max, 1, HISTORY_LEN }, torch::dtype(torch::kFloat).device(device_));
    agent_states = torch::empty({ T_max, 1 }, torch::dtype(torch::kFloat).device(device_));
    actions = torch::empty({ T_max }, torch::dtype(torch::kInt64).device(device_));
    log_probs = torch::empty({ T_max }, torch::dtype(torch::kFloat).device(device_));
    rewards = torch::empty({ T_max }, torch::dtype(torch::kFloat).device(device_));
    values = torch::empty({ T_max }, torch::dtype(torch::kFloat).device(device_));
    dones = torch::empty({ T_max }, torch::dtype(torch::kFloat).device(device_));
}


void MemoryBuffer::store(const Transition& exp) {
    if (current_size_ >= T_max_) {
        throw std::runtime_error("MemoryBuffer is full");
    }
    if (!exp.best_asks.defined() || !exp.best_bids.defined() || !exp.agent_state.defined() ||
        !exp.action.defined() || !exp.log_prob.defined() || !exp.reward.defined() ||
        !exp.value.defined() || !exp.done.defined()) {
        throw std::runtime_error("Invalid tensor in store");
    }
    if (exp.best_asks.sizes() != torch::IntArrayRef({ 1, HISTORY_LEN }) ||
        exp.best_bids.sizes() != torch::IntArrayRef({ 1, HISTORY_LEN })) {
        throw std::runtime_error("Best asks/bids shape mismatch");
    }

    best_asks[current_size_] = exp.best_asks.clone().detach();
    best_bids[current_size_] = exp.best_bids.clone().detach();
    agent_states[current_size_] = exp.agent_state.clone().detach();
    actions[current_size_] = exp.action.clone().detach().item<int64_t>();
    log_probs[current_size_] = exp.log_prob.clone().detach().item<float>();
    rewards[current_size_] = exp.reward.clone().detach().item<float>();
    values[current_size_] = exp.value.clone().detach().item<float>();
    dones[current_size_] = exp.done.clone().detach().item<float>();
    current_size_++;
}

void MemoryBuffer::clear() {
    current_size_ = 0;

    best_asks.zero_();
    best_bids.zero_();
    agent_states.zero_();
    actions.zero_();
    log_probs.zero_();
    rewards.zero_();
    values.zero_();
    dones.zero_();
}

torch::Tensor MemoryBuffer::computeReturns(float last_value, float gamma) const {
    if (current_size_ == 0) {
        return torch::Tensor();
    }

    torch::Tensor rewards_tensor = rewards.slice(0, 0, current_size_);
    torch::Tensor dones_tensor = dones.slice(0, 0, current_size_);
    int64_t T = current_size_;
    torch::Tensor returns = torch::zeros({ T }, torch::dtype(torch::kFloat).device(device_));

    float running_return = last_value;
    for (int64_t t = T - 1; t >= 0; --t) {
        torch::Tensor reward = rewards_tensor[t].detach();
        torch::Tensor done = dones_tensor[t].detach();
        running_return = reward.item<float>() + gamma * running_return * (1.0 - done.item<float>());
        returns[t] = running_return;
    }

    if (T > 1) {
        returns = (returns - returns.mean()) / (returns.std() + 1e-8);
    }
    return returns;
}


torch::Tensor MemoryBuffer::computeAdvantages(float last_value, float gamma, float lambda) const {
    if (current_size_ == 0) {
        return torch::Tensor();
    }

    torch::Tensor rewards_tensor = rewards.slice(0, 0, current_size_);
    torch::Tensor values_tensor = values.slice(0, 0, current_size_);
    torch::Tensor dones_tensor = dones.slice(0, 0, current_size_);
    int64_t T = current_size_;
    torch::Tensor advantages = torch::zeros({ T }, torch::dtype(torch::kFloat).device(device_));

    float delta = 0.0;
    float advantage = 0.0;
    float next_value = last_value;

    for (int64_t t = T - 1; t >= 0; --t) {
        torch::Tensor reward = rewards_tensor[t].detach();
        torch::Tensor value = values_tensor[t].detach();
        torch::Tensor done = dones_tensor[t].detach();
        delta = reward.item<float>() + gamma * next_value * (1.0 - done.item<float>()) - value.item<float>();
        advantage = delta + gamma * lambda * advantage * (1.0 - done.item<float>());
        advantages[t] = advantage;
        next_value = value.item<float>();
    }

    if (T > 1) {
        advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8);
    }
    return advantages;
}


Transition MemoryBuffer::sampleMiniBatch(int batch_size, const torch::Tensor& indices) const {
    if (current_size_ == 0) {
        return Transition{
            torch::Tensor(), torch::Tensor(), torch::Tensor(),
            torch::Tensor(), torch::Tensor(), torch::Tensor(),
            torch::Tensor(), torch::Tensor()
        };
    }

    auto sliced = [&](const torch::Tensor& t) {
        return t.slice(0, 0, current_size_).index_select(0, indices).to(device_);
        };

    return Transition{
        sliced(best_asks),
        sliced(best_bids),
        sliced(agent_states),
        sliced(actions),
        sliced(log_probs),
        sliced(rewards),
        sliced(values),
        sliced(dones)
    };
}


// --------------------- TRADING ENVIRONMENT FOR TRAINING ---------------------


TradingEnvironment::TradingEnvironment(TradingAgentNet* network,
    std::mt19937 rng, int N_trajectories,
    int traj_duration, int decision_per_second)
    : device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU), orderBook(), network(network),
    decision_per_second(decision_per_second), traj_duration(traj_duration),
    memoryBuffer(traj_duration * decision_per_second, device), heatmap(0, HISTORY_LEN), rng(rng)
{
    (void)N_trajectories;
    optimizer = new torch::optim::Adam(network->parameters(), torch::optim::AdamOptions().lr(1e-4));

    std::cout << "filling up the history..." << "\n";
    orderBook.initialize_book();
    orderBook.setInitialLiquidity(500, this->rng);

    for (int i = 0; i < HISTORY_LEN; ++i) {
        orderBook.update(marketUpdatePerDecision, this->rng);
        heatmap.updateData(orderBook);
    }
    best_asks_tensor = torch::from_blob(heatmap.best_ask_history.data(), { 1, 1, HISTORY_LEN },
        torch::kFloat).to(device);
    best_bids_tensor = torch::from_blob(heatmap.best_bid_history.data(), { 1, 1, HISTORY_LEN },
        torch::kFloat).to(device);
}

TradingEnvironment::~TradingEnvironment() { delete optimizer; }

void TradingEnvironment::reset() {
    current_decision_index = 0;
    isEpisodeDone = false;
    reward_windows.clear();
    entry_price = 0.0f;
    agent_state.position = 0;
    open_trade.reset();
    trade_logs.clear();
    memoryBuffer.clear();

    orderBook.initialize_book();
    orderBook.setInitialLiquidity(500, rng);

    for (int i = 0; i < HISTORY_LEN; ++i) {
        orderBook.update(marketUpdatePerDecision, rng);
        heatmap.updateData(orderBook);
    }
    best_asks_tensor = torch::from_blob(heatmap.best_ask_history.data(), { 1, 1, HISTORY_LEN },
        torch::kFloat).to(device);
    best_bids_tensor = torch::from_blob(heatmap.best_bid_history.data(), { 1, 1, HISTORY_LEN },
        torch::kFloat).to(device);
}

Action TradingEnvironment::sampleFromPolicy(const torch::Tensor& policy,
    std::mt19937& rng) {
    (void)rng;
    return static_cast<Action>(torch::multinomial(policy, 1, true).item<int64_t>());
}

void TradingEnvironment::handleAction(Action action, const torch::Tensor& policy, const torch::Tensor& value) {
    int current_timestep = current_decision_index;
    float best_bid = orderBook.getCurrentBestBid();
    float best_ask = orderBook.getCurrentBestAsk();
    int current_position = agent_state.position;

    torch::Tensor state_tensor = agent_state.toTensor().to(device); // [1]
    torch::Tensor best_asks_fot_storage = best_asks_tensor.squeeze(1);
    torch::Tensor best_bids_fot_storage = best_bids_tensor.squeeze(1);

    float commission = 4.58f;
    float leverage = 20.0f;

    if (action == Action::BUY_MARKET) {
        if (agent_state.position == 0) {
            agent_state.position = 1;
            entry_price = best_ask;
            open_trade = TradeLog{ current_timestep, entry_price, -1, 0.0f, 0.0f,
                Action::BUY_MARKET, Action::WAIT };
            MarketOrder order = orderBook.generateMarketOrder();
            order.side = Side::ASK;
            order.size = 1;
            orderBook.processMarketOrder(order);
        }
        else if (agent_state.position == -1) {
            float exit_price = best_ask;
            float pnl = entry_price - exit_price;
            pnl = pnl * leverage - commission;
            if (open_trade.has_value()) {
                open_trade->timestep_exit = current_timestep;
                open_trade->price_exit = exit_price;
                open_trade->pnl = pnl;
                open_trade->exit_action = Action::BUY_MARKET;
                trade_logs.push_back(open_trade.value());
                open_trade.reset();
            }
            agent_state.position = 0;
            MarketOrder order = orderBook.generateMarketOrder();
            order.side = Side::ASK;
            order.size = 1;
            orderBook.processMarketOrder(order);
            entry_price = best_ask;
        }
    }
    else if (action == Action::SELL_MARKET) {
        if (agent_state.position == 0) {
            agent_state.position = -1;
            entry_price = best_bid;
            open_trade = TradeLog{ current_timestep, entry_price, -1, 0.0f, 0.0f,
                Action::SELL_MARKET, Action::WAIT };
            MarketOrder order = orderBook.generateMarketOrder();
            order.side = Side::BID;
            order.size = 1;
            orderBook.processMarketOrder(order);
        }
        else if (agent_state.position == 1) {
            float exit_price = best_bid;
            float pnl = exit_price - entry_price;
            pnl = pnl * leverage - commission;
            if (open_trade.has_value()) {
                open_trade->timestep_exit = current_timestep;
                open_trade->price_exit = exit_price;
                open_trade->pnl = pnl;
                open_trade->exit_action = Action::SELL_MARKET;
                trade_logs.push_back(open_trade.value());
                open_trade.reset();
            }
            agent_state.position = 0;
            MarketOrder order = orderBook.generateMarketOrder();
            order.side = Side::BID;
            order.size = 1;
            orderBook.processMarketOrder(order);
            entry_price = best_bid;
        }
    }

    if (action == Action::WAIT) {
        if (agent_state.position == 1) {
            entry_price = best_ask;
        }
        else if (agent_state.position == -1) {
            entry_price = best_bid;
        }
    }

    bool isInvalid = false;
    if ((action == Action::BUY_MARKET && current_position == 1) ||
        (action == Action::SELL_MARKET && current_position == -1)) {
        isInvalid = true;
    }

    RewardWindow rw(current_decision_index, action, entry_price, current_position,
        policy[0][static_cast<int64_t>(action)].unsqueeze(0).to(device),
        value, state_tensor, best_asks_fot_storage,
        best_bids_fot_storage, isInvalid);

    reward_windows.push_back(rw);
}


void TradingEnvironment::updateRewardWindows() {
    float best_bid = orderBook.getCurrentBestBid();
    float best_ask = orderBook.getCurrentBestAsk();

    for (auto it = reward_windows.begin(); it != reward_windows.end();) {
        it->addPnL(best_bid, best_ask);

        if (it->isComplete()) {
            torch::Tensor reward = it->computeWeightedReward();
            torch::Tensor action_tensor = torch::tensor({ static_cast<int64_t>(it->action) },
                torch::kInt64).to(device);
            torch::Tensor log_prob = torch::log(it->proba);
            torch::Tensor done_tensor = torch::tensor({ isEpisodeDone ? 1.0f : 0.0f },
                torch::kFloat).to(device);
            Transition transition{ it->best_asks, it->best_bids,
                                it->agent_state_tensor, action_tensor,
                                log_prob, reward, it->value.squeeze(0), done_tensor };
            memoryBuffer.store(transition);

            it = reward_windows.erase(it);
        }
        else {
            ++it;
        }
    }
}


void TradingEnvironment::collectTransitions(std::mt19937& rng) {
    for (int i = 0; i < traj_duration * decision_per_second; ++i) {
        // Update order book
        orderBook.update(marketUpdatePerDecision, rng);
        float best_bid = orderBook.getCurrentBestBid();
        float best_ask = orderBook.getCurrentBestAsk();

        if (best_ask >= 20045.0f || best_bid <= 19955.0f) {
            std::cout << "[INFO] Trajectory interrupted: price out of bounds. "
                << "best_ask=" << best_ask << ", best_bid=" << best_bid << "\n";
            isEpisodeDone = true;
            break;
        }

        // Update history and agent_state
        heatmap.updateData(orderBook);

        best_asks_tensor = torch::from_blob(heatmap.best_ask_history.data(), { 1, 1, HISTORY_LEN },
            torch::kFloat).to(device);
        best_bids_tensor = torch::from_blob(heatmap.best_bid_history.data(), { 1, 1, HISTORY_LEN },
            torch::kFloat).to(device);
        torch::Tensor state_tensor = agent_state.toTensor().unsqueeze(0).to(device);

        // Policy and value
        auto [policy, value] = network->forward(state_tensor, best_asks_tensor, best_bids_tensor);

        Action action = sampleFromPolicy(policy, rng);

        handleAction(action, policy, value);
        updateRewardWindows();

        current_decision_index++;

        if (current_decision_index >= traj_duration * decision_per_second) {
            isEpisodeDone = true;
            break;
        }
    }
}

void TradingEnvironment::optimize(std::mt19937& rng, int num_epochs, int batch_size,
    float clip_param, float value_loss_coef, float entropy_coef) {
    (void)rng;
    int64_t num_transitions = memoryBuffer.size();
    if (num_transitions == 0) {
        std::cout << "No transitions to optimize" << std::endl;
        return;
    }
    int64_t num_batches = (num_transitions + batch_size - 1) / batch_size;
    // Compute Advantages and Returns
    float last_value = 0.0f;
    float gamma = 0.99f;
    float lambda = 0.95f;
    torch::Tensor advantages = memoryBuffer.computeAdvantages(last_value, gamma, lambda);
    torch::Tensor returns = memoryBuffer.computeReturns(last_value, gamma);

    // Optimization loop
    for (int epoch = 1; epoch < num_epochs + 1; ++epoch) {
        auto all_indices = torch::randperm(num_transitions, torch::TensorOptions().dtype(torch::kInt64)).to(device);

        for (int64_t batch_idx = 0; batch_idx < num_batches; ++batch_idx) {
            // Sample minibatch
            auto start = batch_idx * batch_size;
            auto end = std::min(start + batch_size, num_transitions);
            auto selected_indices = all_indices.slice(0, start, end);

            Transition batch = memoryBuffer.sampleMiniBatch(batch_size, selected_indices);

            // Advantages and returns of this mini-batch
            auto batch_advantages = advantages.index_select(0, selected_indices);
            auto batch_returns = returns.index_select(0, selected_indices);

            // New policy and value
            auto [policy, value] = network->forward(batch.agent_state, batch.best_asks, batch.best_bids);
            auto log_probs = torch::log(policy.gather(1, batch.action.unsqueeze(1))).squeeze(1);
            auto ratios = torch::exp(log_probs - batch.log_prob);

            // PPO loss
            auto surr1 = ratios * batch_advantages;
            auto surr2 = torch::clamp(ratios, 1.0f - clip_param, 1.0f + clip_param) * batch_advantages;
            auto policy_loss = -torch::min(surr1, surr2).mean();

            // Value loss
            auto value_loss = torch::mse_loss(value.squeeze(1), batch_returns);

            // Entropy
            auto entropy = -(policy * torch::log(policy + 1e-10)).sum(1).mean();

            // Total loss
            auto loss = policy_loss + value_loss_coef * value_loss - entropy_coef * entropy;

            // Backpropagation
            optimizer->zero_grad();
            loss.backward();
            optimizer->step();

            loss_sum += loss.item<float>();
            loss_count += 1;
        }
    }
}


void TradingEnvironment::train(int num_trajectories, int num_epochs, int batch_size, float clip_param, float value_loss_coef, float entropy_coef) {
    std::cout << "=== Training for " << num_trajectories << " trajectories ===" << std::endl;
    for (int episode = 1; episode < num_trajectories + 1; ++episode) {
        reset();
        collectTransitions(rng);
        loss_sum = 0.0f;
        loss_count = 0;
        optimize(rng, num_epochs, batch_size, clip_param, value_loss_coef, entropy_coef);
        last_loss = loss_count > 0 ? loss_sum / loss_count : 0.0f;
        std::cout << "Episode " << episode << ": transitions=" << memoryBuffer.size()
                  << " steps=" << loss_count << " loss=" << last_loss << std::endl;
        computeMetrics(episode);
    }
    std::cout << "=== Training completed ===" << std::endl;
}


void TradingEnvironment::computeMetrics(int episode) {
    if (trade_logs.empty()) {
        std::cout << "No trades recorded" << std::endl;
        return;
    }

    float total_pnl = 0.0f;
    float max_drawdown = 0.0f;
    float running_pnl = 0.0f;
    std::vector<float> pnls;
    for (const auto& trade : trade_logs) {
        total_pnl += trade.pnl;
        running_pnl += trade.pnl;
        max_drawdown = std::min(max_drawdown, running_pnl);
        pnls.push_back(trade.pnl);
    }

    float mean_pnl = total_pnl / std::max(1, static_cast<int>(pnls.size()));
    float variance = 0.0f;
    for (float pnl : pnls) {
        variance += (pnl - mean_pnl) * (pnl - mean_pnl);
    }
    variance /= std::max(1, static_cast<int>(pnls.size()));
    float sharpe = variance > 0.0f ? mean_pnl / (std::sqrt(variance) + 1e-8) : 0.0f;

    std::cout << "  metrics episode " << episode << ": trades=" << trade_logs.size()
              << " total_pnl=" << total_pnl << " max_drawdown=" << max_drawdown
              << " sharpe=" << sharpe << std::endl;
}
