/**
 * @file replayMemory.cpp
 * @brief Source file for class replayMemory
 */

#include "replayMemory.h"

#include <algorithm>

replayMemory::replayMemory(size_t capacity) : capacity_(capacity), gen_(1234) {}

void replayMemory::push(torch::Tensor state, torch::Tensor action, torch::Tensor next_state, torch::Tensor reward, torch::Tensor next_valid) {
    if (memory_.size() >= capacity_) {
        memory_.pop_front();
    }
    memory_.emplace_back(state, action, next_state, reward, next_valid);
}

size_t replayMemory::size() const {
    return memory_.size();
}

/** Sample a batch and concatenate it. Final transitions get a zero next state
 *  (their value is masked out by non_final_mask).
 */
void replayMemory::sample(size_t batch_size, torch::Tensor &non_final_mask, torch::Tensor &state_batch, torch::Tensor &action_batch,
                          torch::Tensor &next_state_batch, torch::Tensor &reward_batch, torch::Tensor &next_valid_batch) {
    vector<size_t> idx(memory_.size());
    for (size_t i = 0; i < idx.size(); ++i) idx[i] = i;
    shuffle(idx.begin(), idx.end(), gen_);
    idx.resize(batch_size);

    vector<torch::Tensor> states, actions, next_states, rewards, valids;
    vector<float> mask;
    for (size_t i : idx) {
        const Transition &tr = memory_[i];
        states.push_back(tr.state);
        actions.push_back(tr.action.view({1, 1}));
        rewards.push_back(tr.reward.view({1}));
        valids.push_back(tr.next_valid.view({1, -1}));
        if (tr.next_state.defined()) {
            next_states.push_back(tr.next_state);
            mask.push_back(1.0f);
        } else {
            next_states.push_back(torch::zeros_like(tr.state));
            mask.push_back(0.0f);
        }
    }
    non_final_mask = torch::tensor(mask, torch::kFloat32);
    state_batch = torch::cat(states);
    action_batch = torch::cat(actions);
    next_state_batch = torch::cat(next_states);
    reward_batch = torch::cat(rewards);
    next_valid_batch = torch::cat(valids);
}
