#include "q_train.h"

#include <algorithm>
#include <iostream>
#include <numeric>

#include "encoder.h"
#include "torch_encoder.h"

using namespace std;


namespace probs {

namespace {
constexpr double kEntropyWeight = 0.01;
}


QDataset GetQDataset(ResNet v_model, at::Device &device, const ConfigParser &config_parser,
                     const vector<SelfPlayRow> &positions, mt19937 &rng) {
    torch::NoGradGuard no_grad;
    v_model->eval();

    int n_positions = min<int>(config_parser.GetInt("training.q_train_positions"), static_cast<int>(positions.size()));

    vector<int> indices(positions.size());
    iota(indices.begin(), indices.end(), 0);
    shuffle(indices.begin(), indices.end(), rng);

    QDataset rows;
    vector<torch::Tensor> child_planes;
    vector<pair<int, int>> child_slots;   // (row, column) whose target is -V(child)

    for (int k = 0; k < n_positions; ++k) {
        const auto &history = positions[indices[k]].history;
        const auto &board = history.back();

        QDatasetRow row;
        row.input_planes = positions[indices[k]].planes;
        row.target = torch::zeros({game::kCols});
        row.legal = torch::zeros({game::kCols});
        row.landing_rows = torch::zeros({game::kCols}, torch::kLong);

        for (int col : board.LegalMoves()) {
            row.legal[col] = 1.0f;
            row.landing_rows[col] = board.LandingRow(col);

            auto child = history;
            auto next = board;
            next.Move(col);
            child.push_back(next);
            if (next.Result() == game::GameResult::UNDECIDED) {
                child_planes.push_back(lczero::EncodePositionForNN(child));
                child_slots.emplace_back(static_cast<int>(rows.size()), col);
            } else if (next.Result() != game::GameResult::DRAW) {
                row.target[col] = 1.0f;   // the move wins
            }
        }
        rows.push_back(row);
    }

    const int64_t chunk = 256;
    for (size_t start = 0; start < child_planes.size(); start += chunk) {
        size_t stop = min(child_planes.size(), start + chunk);
        auto input = torch::stack(vector<torch::Tensor>(child_planes.begin() + start, child_planes.begin() + stop));
        auto values = v_model->forward(input.to(device)).to(torch::kCPU, torch::kFloat).view({-1});
        for (size_t i = start; i < stop; ++i) {
            const auto &slot = child_slots[i];
            rows[slot.first].target[slot.second] = -values[static_cast<int64_t>(i - start)].item<float>();
        }
    }

    cout << "[Train.Q] Q dataset: " << rows.size() << " positions, " << child_planes.size() << " V evaluations" << endl;
    return rows;
}


double TrainQ(const ConfigParser &config_parser, ResNet q_model, at::Device &device, torch::optim::AdamW &q_optimizer,
              QDataset &q_dataset, mt19937 &rng) {
    q_model->train();

    int dataset_size = static_cast<int>(q_dataset.size());
    int batch_size = config_parser.GetInt("training.batch_size");

    vector<int> indices(dataset_size);
    iota(indices.begin(), indices.end(), 0);
    shuffle(indices.begin(), indices.end(), rng);

    double total_loss = 0.0;
    int n_batches = 0;
    for (int end = batch_size; end <= dataset_size; end += batch_size) {
        vector<torch::Tensor> planes, targets, legals, landing;
        for (int ri = end - batch_size; ri < end; ri++) {
            const auto &row = q_dataset[indices[ri]];
            planes.push_back(row.input_planes);
            targets.push_back(row.target);
            legals.push_back(row.legal);
            landing.push_back(row.landing_rows);
        }
        torch::Tensor input = torch::stack(planes).to(device);
        torch::Tensor target = torch::stack(targets).to(device);
        torch::Tensor legal = torch::stack(legals).to(device);
        torch::Tensor landing_rows = torch::stack(landing).to(device);

        q_optimizer.zero_grad();

        torch::Tensor q_planes = q_model->forward(input);
        torch::Tensor q_columns = QValuesOfColumns(q_planes, landing_rows);

        torch::Tensor loss = ((q_columns - target).pow(2) * legal).sum() / legal.sum()
                             - kEntropyWeight * MaskedPolicyEntropy(q_columns, legal);

        loss.backward();

        q_optimizer.step();

        total_loss += loss.item<float>();
        n_batches++;
    }
    return n_batches > 0 ? total_loss / n_batches : 0.0;
}


}  // namespace probs
