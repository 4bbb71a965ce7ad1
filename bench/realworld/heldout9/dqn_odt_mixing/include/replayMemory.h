#pragma once

#include <torch/torch.h>
#include <deque>
#include <random>
#include <tuple>
#include <vector>

class domain;

using namespace std;

/**Transition:
 * Object representing a single transition in the environment. It maps
 * (state, action) pairs to their (next_state, reward) result.
 */
struct Transition {
    torch::Tensor state;
    torch::Tensor action;
    torch::Tensor next_state;       ///< undefined when the episode terminated
    torch::Tensor reward;
    torch::Tensor next_valid;       ///< actions allowed in next_state

    Transition(torch::Tensor state_, torch::Tensor action_, torch::Tensor next_state_, torch::Tensor reward_, torch::Tensor next_valid_) :
        state(std::move(state_)),
        action(std::move(action_)),
        next_state(std::move(next_state_)),
        reward(std::move(reward_)),
        next_valid(std::move(next_valid_)) {}

};

/**Replay Memory:
 * Stores the transitions that the agent observes, allowing us to reuse this
 * data later. Sampling from it at random decorrelates the batch.
 */
class replayMemory {

    //////////////////// DATA MEMBERS //////////////////////

    private:

        size_t capacity_;
        deque<Transition> memory_;
        mt19937 gen_;

    //////////////////// MEMBER FUNCTIONS /////////////////

    public:

        void push(torch::Tensor state, torch::Tensor action, torch::Tensor next_state, torch::Tensor reward, torch::Tensor next_valid);

        void sample(size_t batch_size, torch::Tensor &non_final_mask, torch::Tensor &state_batch, torch::Tensor &action_batch,
                    torch::Tensor &next_state_batch, torch::Tensor &reward_batch, torch::Tensor &next_valid_batch);

        size_t size() const;

    //////////////////// CONSTRUCTOR FUNCTIONS /////////////////

        explicit replayMemory(size_t capacity);

};
