#include "DQNAgent.h"
#include "QUtils.h"

#include <iostream>

DQNAgent::DQNAgent()
    : device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU),
      policy_net(),
      target_net(),
      optimizer(policy_net->parameters(), torch::optim::AdamOptions(LEARNING_RATE)) {
    policy_net->to(device);
    target_net->to(device);
    sync_target();
}

void DQNAgent::sync_target() {
    torch::NoGradGuard no_grad;
    auto src = policy_net->parameters();
    auto dst = target_net->parameters();
    for (size_t i = 0; i < src.size(); ++i) dst[i].copy_(src[i]);
}

void DQNAgent::decay_epsilon() { epsilon = std::max(MIN_EPSILON, epsilon * EPSILON_DECAY); }

int DQNAgent::act(const torch::Tensor& state, const torch::Tensor& legal, bool explore) {
    if (explore && std::uniform_real_distribution<double>(0.0, 1.0)(rng) < epsilon) {
        auto idx = torch::nonzero(legal).view(-1);
        auto pick = std::uniform_int_distribution<int64_t>(0, idx.size(0) - 1)(rng);
        return static_cast<int>(idx[pick].item<int64_t>());
    }
    torch::NoGradGuard no_grad;
    auto q = policy_net->forward(state.unsqueeze(0).to(device)).squeeze(0).cpu();
    return static_cast<int>(greedy_action(q, legal));
}

void DQNAgent::remember(Transition t) {
    memory.push_back(std::move(t));
    if ((int)memory.size() > MEMORY_SIZE) memory.pop_front();
}

float DQNAgent::train_step() {
    if ((int)memory.size() < BATCH_SIZE) return 0.0f;
    std::vector<torch::Tensor> s, ns, nl;
    std::vector<int64_t> a;
    std::vector<float> r, d;
    std::uniform_int_distribution<size_t> pick(0, memory.size() - 1);
    for (int i = 0; i < BATCH_SIZE; ++i) {
        const Transition& t = memory[pick(rng)];
        s.push_back(t.state);
        ns.push_back(t.next_state);
        nl.push_back(t.next_legal);
        a.push_back(t.action);
        r.push_back(t.reward);
        d.push_back(t.done ? 1.0f : 0.0f);
    }
    auto states = torch::stack(s).to(device);
    auto next_states = torch::stack(ns).to(device);
    auto next_legal = torch::stack(nl).to(device);
    auto actions = torch::tensor(a, torch::kLong).to(device);
    auto rewards = torch::tensor(r).to(device);
    auto dones = torch::tensor(d).to(device);

    optimizer.zero_grad();
    auto q = policy_net->forward(states).gather(1, actions.unsqueeze(1)).squeeze(1);
    torch::Tensor next_q;
    {
        torch::NoGradGuard no_grad;
        next_q = masked_max_q(target_net->forward(next_states), next_legal);
    }
    auto target = rewards + GAMMA * next_q * (1 - dones);
    auto loss = torch::smooth_l1_loss(q, target);
    loss.backward();
    torch::nn::utils::clip_grad_norm_(policy_net->parameters(), 10.0);
    optimizer.step();

    ++learn_steps;
    if (learn_steps % TARGET_SYNC == 0) sync_target();
    return loss.item<float>();
}

// Warm start: imitate a one-ply heuristic with full-batch L-BFGS before self-play.
void DQNAgent::pretrain_on_heuristic(const torch::Tensor& states, const torch::Tensor& moves, int rounds) {
    torch::optim::LBFGS lbfgs(policy_net->parameters(), torch::optim::LBFGSOptions(0.5).max_iter(10));
    auto x = states.to(device);
    auto y = moves.to(device);
    for (int round = 0; round < rounds; ++round) {
        auto closure = [&]() -> torch::Tensor {
            lbfgs.zero_grad();
            auto loss = torch::cross_entropy_loss(policy_net->forward(x), y);
            loss.backward();
            return loss;
        };
        auto loss = lbfgs.step(closure);
        std::cout << "warm start round " << round << " loss: " << loss.item<float>() << std::endl;
    }
    sync_target();
}
