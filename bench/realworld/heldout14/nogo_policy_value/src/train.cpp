//
// Training loop of the NoGo policy-value network.
//

#include "train.h"

#include <cstdio>
#include <iostream>

#include "utils.h"

Train::Train(uint32_t batch_size, uint32_t epochs, double lr, uint32_t buffer_size, bool use_cuda)
    : network(nullptr, use_cuda, NoGo::kStateChannels, NoGo::kN, NoGo::kActionDim),
      optimizer(network.model->parameters(), torch::optim::AdamOptions(lr).weight_decay(1e-4)),
      batch_size(batch_size), epochs(epochs), N(buffer_size), rng(2021)
{
    const int n = NoGo::kN;
    states = torch::zeros({0, NoGo::kStateChannels, n, n});
    probs = torch::zeros({0, n, n});
    values = torch::zeros({0, 1});
    legals = torch::zeros({0, n, n}, torch::kBool);
}

// The eight symmetries of the board, as AlphaZero's data augmentation.
void Train::augment_data(std::vector<Position> &positions)
{
    const int64_t size = static_cast<int64_t>(positions.size());
    const int n = NoGo::kN;
    std::vector<at::Tensor> s_list, p_list, l_list;
    std::vector<float> v_list;
    for (auto &pos : positions)
    {
        s_list.push_back(pos.state);
        p_list.push_back(pos.policy.reshape({1, n, n}));
        l_list.push_back(pos.legal.reshape({1, n, n}));
        v_list.push_back(pos.value);
    }
    at::Tensor state = torch::cat(s_list, 0);
    at::Tensor prob = torch::cat(p_list, 0);
    at::Tensor legal = torch::cat(l_list, 0);
    at::Tensor value = torch::tensor(v_list).reshape({size, 1});
    at::Tensor state_flip = state.flip(2), prob_flip = prob.flip(1), legal_flip = legal.flip(1);
    states = torch::cat({states, state, state.rot90(1, {2, 3}), state.rot90(2, {2, 3}), state.rot90(3, {2, 3}),
                         state_flip, state_flip.rot90(1, {2, 3}), state_flip.rot90(2, {2, 3}), state_flip.rot90(3, {2, 3})}, 0);
    probs = torch::cat({probs, prob, prob.rot90(1, {1, 2}), prob.rot90(2, {1, 2}), prob.rot90(3, {1, 2}),
                        prob_flip, prob_flip.rot90(1, {1, 2}), prob_flip.rot90(2, {1, 2}), prob_flip.rot90(3, {1, 2})}, 0);
    legals = torch::cat({legals, legal, legal.rot90(1, {1, 2}), legal.rot90(2, {1, 2}), legal.rot90(3, {1, 2}),
                         legal_flip, legal_flip.rot90(1, {1, 2}), legal_flip.rot90(2, {1, 2}), legal_flip.rot90(3, {1, 2})}, 0);
    values = torch::cat({values, value, value, value, value, value, value, value, value}, 0);
    if (states.size(0) > N)
    {
        int64_t drop = states.size(0) - N;
        states = states.slice(0, drop);
        probs = probs.slice(0, drop);
        legals = legals.slice(0, drop);
        values = values.slice(0, drop);
    }
}

void Train::run(uint32_t n_game, uint32_t positions_per_game, uint32_t check_freq)
{
    TimeCounter timer;
    const int64_t action_dim = NoGo::kActionDim;
    for (uint32_t i = 0; i < n_game; i++)
    {
        std::vector<Position> episode;
        for (uint32_t p = 0; p < positions_per_game; ++p) episode.push_back(nogo.random_position(rng));
        augment_data(episode);
        int64_t size = states.size(0);
        if ((i + 1) % check_freq != 0) continue;
        for (uint32_t j = 0; j < epochs; j++)
        {
            timer.start();
            at::Tensor index = torch::randperm(size, torch::kLong);
            int64_t k = 0;
            std::vector<double> res;
            while (k + batch_size <= size)
            {
                at::Tensor index1 = index.slice(0, k, k + batch_size);
                res = train_step(states.index_select(0, index1), probs.index_select(0, index1).reshape({-1, action_dim}),
                                 values.index_select(0, index1), legals.index_select(0, index1).reshape({-1, action_dim}));
                k += batch_size;
            }
            std::printf("game %3u epoch %u: cross_entropy_loss=%.5f  mse_loss=%.5f  kl=%.6f  duration=%.2fs\n",
                        i + 1, j, res[0], res[1], res[2], timer.end_s());
        }
    }
}

std::vector<double> Train::train_step(const at::Tensor &state, const at::Tensor &prob, const at::Tensor &value,
                                      const at::Tensor &legal)
{
    at::Tensor s = state.to(this->network.device);
    at::Tensor p = prob.to(this->network.device);
    at::Tensor z = value.to(this->network.device);
    at::Tensor m = legal.to(this->network.device);
    this->optimizer.zero_grad();
    std::vector<at::Tensor> res = this->network.model->forward(s, m);
    at::Tensor loss1 = -(p * res[0]).sum(1).mean();
    at::Tensor loss2 = torch::mse_loss(res[1], z);
    at::Tensor loss = loss1 + loss2;
    loss.backward();
    this->optimizer.step();
    last_loss_ = loss.item<double>();
    // KL divergence between the old and the new move probabilities
    torch::NoGradGuard no_grad;
    std::vector<at::Tensor> res1 = this->network.model->forward(s, m);
    at::Tensor old_p = res[0].detach().exp(), new_p = res1[0].exp();
    at::Tensor kl = (old_p * ((old_p + 1e-10).log() - (new_p + 1e-10).log())).sum(1).mean();
    return { loss1.item<double>(), loss2.item<double>(), kl.item<double>() };
}

std::vector<double> Train::evaluate(uint32_t num)
{
    torch::NoGradGuard no_grad;
    network.model->eval();
    std::mt19937 test_rng(7);
    int64_t value_hits = 0, policy_hits = 0;
    for (uint32_t i = 0; i < num; ++i)
    {
        Position pos = nogo.random_position(test_rng);
        auto out = network.predict(pos.state.to(network.device), pos.legal.unsqueeze(0).to(network.device));
        float v = out[1].item<float>();
        if ((v > 0) == (pos.value > 0)) ++value_hits;
        if (out[0].argmax(1).item<int64_t>() == pos.policy.argmax().item<int64_t>()) ++policy_hits;
    }
    network.model->train();
    return { static_cast<double>(value_hits) / num, static_cast<double>(policy_hits) / num };
}
