#include <torch/torch.h>
#include <iostream>
#include <vector>
#include "Connect4.h"
#include "DQNAgent.h"
#include "Hyperparameters.h"

namespace {

float win_rate(DQNAgent& agent, int games, unsigned seed) {
    Connect4 env(seed);
    int wins = 0;
    for (int g = 0; g < games; ++g) {
        auto state = env.reset();
        for (int move = 0; move < ROWS * COLS; ++move) {
            int action = agent.act(state, env.legal_mask(), false);
            auto [next_state, reward, done] = env.step(action);
            state = next_state;
            if (done) { if (reward > 0) ++wins; break; }
        }
    }
    return static_cast<float>(wins) / games;
}

}

int main() {
    torch::manual_seed(9);
    DQNAgent agent;

    std::cout << "untrained win rate vs random: " << win_rate(agent, 50, 77) << std::endl;

    // heuristic demonstrations from random positions
    Connect4 demo_env(3);
    std::vector<torch::Tensor> demo_states;
    std::vector<int64_t> demo_moves;
    for (int g = 0; g < 40; ++g) {
        auto s = demo_env.reset();
        for (int m = 0; m < ROWS * COLS; ++m) {
            int mv = demo_env.heuristic_move();
            demo_states.push_back(s);
            demo_moves.push_back(mv);
            auto [ns, r, done] = demo_env.step(mv);
            s = ns;
            if (done) break;
        }
    }
    agent.pretrain_on_heuristic(torch::stack(demo_states), torch::tensor(demo_moves, torch::kLong), 5);

    Connect4 env(1);
    float last_loss = 0.0f;
    const int max_learn_steps = 300;
    for (int episode = 0; episode < 400 && agent.steps_done() < max_learn_steps; ++episode) {
        auto state = env.reset();
        for (int move = 0; move < ROWS * COLS; ++move) {
            auto legal = env.legal_mask();
            int action = agent.act(state, legal, true);
            auto [next_state, reward, done] = env.step(action);
            agent.remember({state, action, reward, next_state, env.legal_mask(), done});
            state = next_state;
            if (move % 2 == 0 && agent.steps_done() < max_learn_steps) {
                float l = agent.train_step();
                if (l > 0.0f) last_loss = l;
            }
            if (done) break;
        }
        agent.decay_epsilon();
    }

    std::cout << "learn steps: " << agent.steps_done() << std::endl;
    std::cout << "final loss: " << last_loss << std::endl;
    std::cout << "test win rate vs random: " << win_rate(agent, 50, 77) << std::endl;
    return 0;
}
