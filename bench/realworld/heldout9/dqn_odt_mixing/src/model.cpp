/**
 * @file model.cpp
 * @brief Source file for class model
 */

#include "model.h"
#include "domain.h"
#include "environment.h"
#include "replayMemory.h"

#include <torch/torch.h>
#include <iostream>
#include <sstream>

using namespace std;


///////////////////////////////////////////////////////////////////////////////
/** Model initializer
 *
 * @param p_domn  \input set domain pointer with.
 */
void model::init(domain *p_domn) {

    domn    = p_domn;

    // get network hyperparameters
    batch_size = domn->pram->dqnBatchSize;
    eps_start  = domn->pram->dqnEpsStart;
    eps_end    = domn->pram->dqnEpsEnd;
    eps_decay  = domn->pram->dqnEpsDecay;
    tau        = domn->pram->dqnTau;
    gen.seed(static_cast<unsigned>(domn->pram->seed));

    // construct policy & target networks
    policy_net = new dqn(domn->pram->dqnNObserv, domn->pram->dqnNActions, domn->pram->dqnNeuronsPerLayer);
    target_net = new dqn(domn->pram->dqnNObserv, domn->pram->dqnNActions, domn->pram->dqnNeuronsPerLayer);
    policy_net->init(domn);
    target_net->init(domn);

    // clone policy_net into target_net
    /**Original python code:
     * target_net.load_state_dict(policy_net.state_dict())
     * Code transformed to C++ API (https://github.com/pytorch/pytorch/issues/36577): */
    std::stringstream stream;
    torch::serialize::OutputArchive out_archive;
    policy_net->save(out_archive);
    out_archive.save_to(stream);
    torch::serialize::InputArchive in_archive;
    in_archive.load_from(stream);
    target_net->load(in_archive);

    // send networks to 'device'
    policy_net->to(device);
    target_net->to(device);

    // construct optimizer & memory objects
    optimizer  = new torch::optim::AdamW(
        policy_net->parameters(),
        torch::optim::AdamWOptions().lr(domn->pram->dqnLr).amsgrad(true));
    memory     = new replayMemory(domn->pram->dqnMemoryCapacity);

    // steps counter
    steps_done = 0;

}


///////////////////////////////////////////////////////////////////////////////
/**Model constructor
 *
*/
model::model() : domn(nullptr),
                 device(torch::kCPU),
                 policy_net(nullptr),
                 target_net(nullptr),
                 optimizer(nullptr),
                 memory(nullptr) {

    // Device
    // check if GPU is available and set device to GPU
    if (torch::cuda::is_available()) {
        device = torch::Device(torch::kCUDA);
    }

}

model::~model() {
    delete optimizer;
    delete memory;
    delete policy_net;
    delete target_net;
}


///////////////////////////////////////////////////////////////////////////////
/** Select Action
 *  Epsilon-greedy: the probability of a random action starts at 'eps_start' and
 *  decays exponentially towards 'eps_end'; 'eps_decay' controls the rate.
 *
 * @param state         \input (torch::Tensor)
 * @param valid         \input allowed actions (torch::Tensor, 1 x n_actions)
 *
 * @return index of the action choosen
 */
int64_t model::select_action(torch::Tensor state, torch::Tensor valid) {

    uniform_real_distribution<double> dis(0, 1);
    double          sample = dis(gen);
    double          eps_threshold = eps_end + (eps_start - eps_end) * std::exp(-1.0 * steps_done / eps_decay);
    steps_done++;

    if (sample > eps_threshold) {
        // use policy model for chosing the action
        torch::NoGradGuard  no_grad;
        std::tuple<torch::Tensor, torch::Tensor> result = policy_net->masked_q(state.to(device), valid.to(device)).max(1, true);
        return std::get<1>(result).item<int64_t>();
    } else {
        // sample an allowed action with (random) uniform probability
        vector<int64_t> allowed;
        for (int64_t a = 0; a < valid.size(1); ++a) {
            if (valid[0][a].item<double>() > 0.5) allowed.push_back(a);
        }
        std::uniform_int_distribution<size_t> action_dist(0, allowed.size() - 1);
        return allowed[action_dist(gen)];
    }

}


///////////////////////////////////////////////////////////////////////////////
/** Model optimization
 *  Performs a single step of the optimization, by:
 *      (1) sample a batch,
 *      (2) (POLICY NETWORK) compute Q(s_t, a_t),
 *      (3) (TARGET NETWORK) compute V(s_{t+1}) = max_a Q'(s_{t+1}, a) over the allowed actions,
 *      (4) combine Q, V into the Huber loss
 *  * by definition, we set V(s) = 0 if s is a terminal state
 */
void model::optimize() {

    if (memory->size() < static_cast<size_t>(batch_size))
        return;

    // Sample transitions in a batch, with a mask of non-final next states
    torch::Tensor non_final_mask, state_batch, action_batch, non_final_next_state_batch, reward_batch, next_valid_batch;
    memory->sample(batch_size, non_final_mask, state_batch, action_batch, non_final_next_state_batch, reward_batch, next_valid_batch);
    non_final_mask = non_final_mask.to(device);
    state_batch = state_batch.to(device);
    action_batch = action_batch.to(device);
    non_final_next_state_batch = non_final_next_state_batch.to(device);
    reward_batch = reward_batch.to(device);
    next_valid_batch = next_valid_batch.to(device);

    // Compute Q(s_t, a): the Q-values of the actions taken
    torch::Tensor state_action_values = policy_net->forward(state_batch).gather(1, action_batch);

    // Compute V(s_{t+1}) for all next states with the "older" target_net
    torch::Tensor next_state_values;
    {
        torch::NoGradGuard no_grad;     // temporally disables gradient calculation within {}
        torch::Tensor target_values = std::get<0>(target_net->masked_q(non_final_next_state_batch, next_valid_batch).max(1, false));
        next_state_values = target_values * non_final_mask;
    }

    // Compute expected Q values
    torch::Tensor expected_state_action_values = (next_state_values * domn->pram->dqnGamma) + reward_batch;

    // Compute Huber loss
    torch::nn::SmoothL1Loss criterion;
    torch::Tensor loss = criterion(state_action_values, expected_state_action_values.unsqueeze(1));

    // Optimize the model
    optimizer->zero_grad();      // clears the gradients of all optimized tensors
    loss.backward();            // computes gradients of loss w.r.t. model parameters
    torch::nn::utils::clip_grad_value_(policy_net->parameters(), 100);  // clips gradient values to prevent explosion
    optimizer->step();           // updates the model's weights based on computed gradients

    last_loss = loss.item<double>();
    n_optim_steps++;
}


///////////////////////////////////////////////////////////////////////////////
/** soft update of the target network's weights (target_net)
 *  theta' <- tau theta + (1 - tau) theta'
 */
void model::soft_update() {
    torch::NoGradGuard no_grad;
    vector<torch::Tensor> policy_params = policy_net->parameters();
    vector<torch::Tensor> target_params = target_net->parameters();
    for (size_t i = 0; i < policy_params.size(); ++i) {
        target_params[i].data().mul_(1 - tau).add_(policy_params[i].data() * tau);
    }
    // update target_net
    for (size_t i = 0; i < target_params.size(); ++i) {
        target_net->parameters()[i].data().copy_(target_params[i].data());
    }
}


///////////////////////////////////////////////////////////////////////////////
void model::train(int num_episodes) {

    torch::Tensor   state, action, next_state, reward, valid, next_valid;
    vector<int>     episode_durations;
    vector<double>  state_;
    stepResult      step_result;
    int64_t         action_idx;

    for (int i_episode = 0; i_episode < num_episodes; ++i_episode) {

        // Initialize the environment and get its state
        state_ = domn->env->reset();
        state  = torch::tensor(state_, torch::kFloat32).view({1, -1});
        valid  = torch::tensor(domn->env->validActions(), torch::kFloat32).view({1, -1});
        double episode_return = 0.0;

        for (int64_t t=0; ; ++t) {

            // select action using epsilon-greedy policy
            action_idx      = select_action(state, valid);
            action          = torch::tensor(action_idx, torch::kInt64);

            // perform action, advance environment
            step_result     = domn->env->step(action_idx);
            reward          = torch::tensor(step_result.reward, torch::kFloat32);
            next_valid      = torch::tensor(step_result.validActions, torch::kFloat32).view({1, -1});
            episode_return += step_result.reward[0];

            // get next state
            if (step_result.terminated) {
                next_state  = torch::Tensor();
            } else {
                next_state  = torch::tensor(step_result.observation, torch::kFloat32).view({1, -1});
            }

            // store transition in memory
            memory->push(state, action, next_state, reward, next_valid);

            // move to the next state
            state = next_state.defined() ? next_state.clone() : state;
            valid = next_valid;

            // perform one optimization step (on the policy network, policy_net)
            optimize();

            // soft update of the target network's weights (target_net)
            soft_update();

            if (step_result.terminated || step_result.truncated) {
                episode_durations.push_back(t + 1);
                break;
            }
        }
        cout << "episode " << i_episode << ": return " << episode_return << ", duration " << episode_durations.back()
             << ", last loss " << last_loss << endl;
    }

}


///////////////////////////////////////////////////////////////////////////////
/** Greedy (or random) episodes without exploration; returns the mean return. */
double model::evaluate(int num_episodes, bool random_policy, double *mean_deviation) {
    double total = 0.0, deviation = 0.0;
    int n_steps = 0;
    for (int i = 0; i < num_episodes; ++i) {
        vector<double> obs = domn->env->reset();
        torch::Tensor valid = torch::tensor(domn->env->validActions(), torch::kFloat32).view({1, -1});
        while (true) {
            int64_t a;
            if (random_policy) {
                uniform_int_distribution<int64_t> d(0, domn->pram->dqnNActions - 1);
                a = d(gen);
            } else {
                torch::NoGradGuard no_grad;
                torch::Tensor s = torch::tensor(obs, torch::kFloat32).view({1, -1}).to(device);
                a = std::get<1>(policy_net->masked_q(s, valid.to(device)).max(1, true)).item<int64_t>();
            }
            stepResult r = domn->env->step(a);
            total += r.reward[0];
            deviation += fabs(domn->env->variance() - domn->pram->targetVariance);
            n_steps++;
            obs = r.observation;
            valid = torch::tensor(r.validActions, torch::kFloat32).view({1, -1});
            if (r.terminated || r.truncated) break;
        }
    }
    *mean_deviation = deviation / n_steps;
    return total / num_episodes;
}
