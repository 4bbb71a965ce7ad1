#include <torch/torch.h>

#include <cstdio>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "board.h"
#include "torch_encoder.h"
#include "train.h"

namespace {

const char *kConfig = R"(
model.v.res_blocks: 2
model.v.filters: 32
model.q.res_blocks: 2
model.q.filters: 32
training.batch_size: 128
training.learning_rate: 0.002
training.weight_decay: 0.0001
training.n_high_level_iterations: 12
training.v_train_episodes: 192
training.q_train_positions: 3072
training.exploration_num_first_moves: 2
training.exploration_rate: 0.15
env.n_max_episode_steps: 40
infra.gpu: 0
infra.n_threads: 1
)";

// Greedy Q player against a uniformly random one; returns the score (win 1, draw 0.5) of the Q player.
double Battle(probs::ResNet q_model, at::Device &device, int n_games) {
    torch::NoGradGuard no_grad;
    q_model->eval();
    std::mt19937 rng(77);
    std::vector<std::unique_ptr<game::EnvPlayer>> games;
    for (int g = 0; g < n_games; ++g) games.push_back(std::make_unique<game::EnvPlayer>(100));

    while (true) {
        std::vector<int> q_turn;
        for (int g = 0; g < n_games; ++g) {
            auto &env = *games[g];
            if (env.GameResult() != game::GameResult::UNDECIDED) continue;
            const bool q_plays_first = g % 2 == 0;
            if (env.Last().IsFirstToMove() == q_plays_first) {
                q_turn.push_back(g);
            } else {
                auto legal = env.Last().LegalMoves();
                env.Move(legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng)]);
            }
        }
        if (q_turn.empty()) {
            bool any_open = false;
            for (auto &env : games) any_open |= env->GameResult() == game::GameResult::UNDECIDED;
            if (!any_open) break;
            continue;
        }
        std::vector<const game::EnvPlayer *> players;
        for (int g : q_turn) players.push_back(games[g].get());
        auto q_values = probs::GetQModelEstimation(players, q_model, device);
        for (size_t k = 0; k < q_turn.size(); ++k)
            games[q_turn[k]]->Move(static_cast<int>(q_values[static_cast<int64_t>(k)].argmax().item<int64_t>()));
    }

    double score = 0.0;
    for (int g = 0; g < n_games; ++g) {
        const auto result = games[g]->GameResult();
        const bool q_plays_first = g % 2 == 0;
        if (result == game::GameResult::DRAW) score += 0.5;
        if (result == game::GameResult::FIRST_WON && q_plays_first) score += 1.0;
        if (result == game::GameResult::SECOND_WON && !q_plays_first) score += 1.0;
    }
    return score / n_games;
}

// Positions from random play in which the side to move can win at once; the share of them where the
// greedy Q player picks a winning column.
double TacticsTest(probs::ResNet q_model, at::Device &device, int n_positions) {
    torch::NoGradGuard no_grad;
    q_model->eval();
    std::mt19937 rng(123);
    std::vector<std::unique_ptr<game::EnvPlayer>> positions;
    std::vector<std::vector<int>> winning;
    while (static_cast<int>(positions.size()) < n_positions) {
        auto env = std::make_unique<game::EnvPlayer>(100);
        while (env->GameResult() == game::GameResult::UNDECIDED) {
            const auto &board = env->Last();
            std::vector<int> wins;
            for (int col : board.LegalMoves()) {
                auto next = board;
                next.Move(col);
                if (next.Result() == game::GameResult::FIRST_WON || next.Result() == game::GameResult::SECOND_WON)
                    wins.push_back(col);
            }
            if (!wins.empty()) {
                auto copy = std::make_unique<game::EnvPlayer>(*env);
                positions.push_back(std::move(copy));
                winning.push_back(wins);
                break;
            }
            auto legal = board.LegalMoves();
            env->Move(legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng)]);
        }
    }
    std::vector<const game::EnvPlayer *> players;
    for (auto &p : positions) players.push_back(p.get());
    auto q_values = probs::GetQModelEstimation(players, q_model, device);
    int found = 0;
    for (int k = 0; k < n_positions; ++k) {
        const int choice = static_cast<int>(q_values[k].argmax().item<int64_t>());
        for (int col : winning[k]) found += (col == choice) ? 1 : 0;
    }
    return static_cast<double>(found) / n_positions;
}

}  // namespace

int main() {
    torch::manual_seed(0);

    probs::ConfigParser config_parser(kConfig);
    probs::ProbsImpl probs(config_parser);

    const double score_before = Battle(probs.model_keeper.q_model, probs.device, 200);
    const double tactics_before = TacticsTest(probs.model_keeper.q_model, probs.device, 300);

    probs.GoTrain();

    const double score_after = Battle(probs.model_keeper.q_model, probs.device, 200);
    const double tactics_after = TacticsTest(probs.model_keeper.q_model, probs.device, 300);

    std::printf("final loss: %.6f\n", probs.last_q_loss);
    std::printf("V loss (last iteration): %.6f\n", probs.last_v_loss);
    std::printf("test: share of 300 held-out positions with a winning move where the greedy Q player plays one: untrained %.4f -> trained %.4f\n",
                tactics_before, tactics_after);
    std::printf("score of the greedy Q player against a random player (200 games): untrained %.4f -> trained %.4f\n",
                score_before, score_after);
    return 0;
}
