#include "v_train.h"

#include <algorithm>
#include <iostream>
#include <memory>
#include <numeric>

#include "encoder.h"
#include "torch_encoder.h"

using namespace std;


namespace probs {

vector<SelfPlayRow> SelfPlay(ResNet q_model, at::Device &device, const ConfigParser &config_parser, const int n_games,
                             mt19937 &rng) {
    torch::NoGradGuard no_grad;
    q_model->eval();

    int batch_size = config_parser.GetInt("training.batch_size");
    int n_max_episode_steps = config_parser.GetInt("env.n_max_episode_steps");
    int exploration_num_first_moves = config_parser.GetInt("training.exploration_num_first_moves");
    double exploration_rate = config_parser.GetDouble("training.exploration_rate");

    int game_idx = 0;
    vector<SelfPlayRow> rows;

    vector<shared_ptr<game::EnvPlayer>> envs;
    vector<vector<int>> env_rows;
    uniform_real_distribution<double> coin(0.0, 1.0);

    while (game_idx < n_games || envs.size() > 0) {

        if (static_cast<int>(envs.size()) < batch_size && game_idx < n_games) {
            envs.push_back(make_shared<game::EnvPlayer>(n_max_episode_steps));
            env_rows.push_back({});
            game_idx++;
        }

        else {
            vector<const game::EnvPlayer *> players;
            for (const auto &env : envs) players.push_back(env.get());
            auto q_values = GetQModelEstimation(players, q_model, device);

            for (int ei = static_cast<int>(envs.size()) - 1; ei >= 0; ei--) {
                auto game_result = envs[ei]->GameResult();

                if (game_result == game::GameResult::UNDECIDED) {
                    const auto &history = envs[ei]->History();
                    rows.push_back({history, lczero::EncodePositionForNN(history), 0.0f});
                    env_rows[ei].push_back(static_cast<int>(rows.size()) - 1);

                    auto legal = envs[ei]->Last().LegalMoves();
                    int move;
                    if (envs[ei]->Last().Plies() < exploration_num_first_moves || coin(rng) < exploration_rate) {
                        move = legal[uniform_int_distribution<size_t>(0, legal.size() - 1)(rng)];
                    } else {
                        move = static_cast<int>(q_values[ei].argmax().item<int64_t>());
                    }
                    envs[ei]->Move(move);
                }
                else {
                    for (int row_idx : env_rows[ei]) {
                        const bool row_first = rows[row_idx].history.back().IsFirstToMove();
                        float score = 0.0f;
                        if (game_result == game::GameResult::FIRST_WON) score = row_first ? 1.0f : -1.0f;
                        if (game_result == game::GameResult::SECOND_WON) score = row_first ? -1.0f : 1.0f;
                        rows[row_idx].score = score;
                    }

                    if (ei < static_cast<int>(envs.size()) - 1) {
                        swap(envs[ei], envs[envs.size() - 1]);
                        swap(env_rows[ei], env_rows[env_rows.size() - 1]);
                    }
                    envs.pop_back();
                    env_rows.pop_back();
                }
            }
        }
    }

    return rows;
}


double TrainV(const ConfigParser &config_parser, ResNet v_model, at::Device &device, torch::optim::AdamW &v_optimizer,
              vector<SelfPlayRow> &v_dataset, mt19937 &rng) {
    v_model->train();

    int dataset_size = static_cast<int>(v_dataset.size());
    cout << "[Train.V] Train V model on dataset with " << dataset_size << " rows" << endl;

    int batch_size = config_parser.GetInt("training.batch_size");

    vector<int> indices(dataset_size);
    iota(indices.begin(), indices.end(), 0);
    shuffle(indices.begin(), indices.end(), rng);

    double total_loss = 0.0;
    int n_batches = 0;
    for (int end = batch_size; end <= dataset_size; end += batch_size) {

        vector<torch::Tensor> planes;
        vector<float> scores;
        for (int ri = end - batch_size; ri < end; ri++) {
            planes.push_back(v_dataset[indices[ri]].planes);
            scores.push_back(v_dataset[indices[ri]].score);
        }
        torch::Tensor input = torch::stack(planes);
        torch::Tensor target = torch::tensor(scores).view({-1, 1});

        input = input.to(device);
        target = target.to(device);

        v_optimizer.zero_grad();

        torch::Tensor prediction = v_model->forward(input);

        torch::Tensor loss = torch::mse_loss(prediction, target);

        loss.backward();

        v_optimizer.step();

        total_loss += loss.item<float>();
        n_batches++;
    }
    return n_batches > 0 ? total_loss / n_batches : 0.0;
}


}  // namespace probs
