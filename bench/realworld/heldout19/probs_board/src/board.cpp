#include "board.h"

#include <algorithm>

#include "encoder.h"
#include "torch_encoder.h"

namespace game {

Board::Board() { cells_.fill(0); }

bool Board::IsLegal(int col) const {
    return result_ == GameResult::UNDECIDED && col >= 0 && col < kCols && At(kRows - 1, col) == 0;
}

std::vector<int> Board::LegalMoves() const {
    std::vector<int> moves;
    for (int col = 0; col < kCols; ++col)
        if (IsLegal(col)) moves.push_back(col);
    return moves;
}

int Board::LandingRow(int col) const {
    for (int row = 0; row < kRows; ++row)
        if (At(row, col) == 0) return row;
    return -1;
}

bool Board::WinsAt(int row, int col) const {
    const int stone = At(row, col);
    const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (const auto &d : dirs) {
        int count = 1;
        for (int sign = -1; sign <= 1; sign += 2) {
            int r = row + sign * d[0], c = col + sign * d[1];
            while (r >= 0 && r < kRows && c >= 0 && c < kCols && At(r, c) == stone) {
                ++count;
                r += sign * d[0];
                c += sign * d[1];
            }
        }
        if (count >= kConnect) return true;
    }
    return false;
}

void Board::Move(int col) {
    const int row = LandingRow(col);
    const int stone = IsFirstToMove() ? 1 : 2;
    cells_[row * kCols + col] = static_cast<int8_t>(stone);
    ++plies_;
    if (WinsAt(row, col))
        result_ = stone == 1 ? GameResult::FIRST_WON : GameResult::SECOND_WON;
    else if (plies_ == kBoardSquares)
        result_ = GameResult::DRAW;
}

EnvPlayer::EnvPlayer(int n_max_episode_steps) : n_max_episode_steps_(n_max_episode_steps) {
    history_.emplace_back();
}

void EnvPlayer::Move(int col) {
    Board next = history_.back();
    next.Move(col);
    history_.push_back(next);
}

game::GameResult EnvPlayer::GameResult() const {
    const auto result = history_.back().Result();
    if (result == game::GameResult::UNDECIDED && static_cast<int>(history_.size()) > n_max_episode_steps_)
        return game::GameResult::DRAW;
    return result;
}

}  // namespace game

namespace lczero {

torch::Tensor EncodePositionForNN(const game::PositionHistory &history) {
    auto planes = torch::zeros({kInputPlanes, game::kRows, game::kCols});
    auto acc = planes.accessor<float, 3>();
    const bool first_to_move = history.back().IsFirstToMove();
    const int own = first_to_move ? 1 : 2;
    for (int h = 0; h < kMoveHistory && h < static_cast<int>(history.size()); ++h) {
        const auto &board = history[history.size() - 1 - h];
        for (int r = 0; r < game::kRows; ++r)
            for (int c = 0; c < game::kCols; ++c) {
                const int cell = board.At(r, c);
                if (cell == 0) continue;
                acc[h * kPlanesPerBoard + (cell == own ? 0 : 1)][r][c] = 1.0f;
            }
    }
    planes[kAuxPlaneBase].fill_(first_to_move ? 1.0f : 0.0f);
    planes[kAuxPlaneBase + 1].fill_(1.0f);
    return planes;
}

}  // namespace lczero

namespace probs {

torch::Tensor GetQModelEstimation(const std::vector<const game::EnvPlayer *> &envs, ResNet q_model, at::Device &device) {
    const int64_t batch_size = static_cast<int64_t>(envs.size());
    std::vector<torch::Tensor> planes;
    for (const auto *env : envs) planes.push_back(lczero::EncodePositionForNN(env->History()));

    auto inp = torch::stack(planes).to(device);
    torch::Tensor q_values = q_model->forward(inp).to(torch::kCPU, torch::kFloat);

    auto result = torch::full({batch_size, game::kCols}, -1000.0f);
    for (int64_t bi = 0; bi < batch_size; ++bi) {
        const auto &board = envs[bi]->Last();
        for (int col : board.LegalMoves()) {
            const int row = board.LandingRow(col);
            result[bi][col] = q_values[bi][col][row][col].item<float>();
        }
    }
    return result;
}

torch::Tensor QValuesOfColumns(const torch::Tensor &q_planes, const torch::Tensor &landing_rows) {
    // q_planes [B, kCols, kRows, kCols]: plane `col`, row `landing_rows[b][col]`, column `col`
    auto cols = torch::arange(game::kCols, landing_rows.options());
    auto batch = torch::arange(q_planes.size(0), landing_rows.options()).unsqueeze(1);
    return q_planes.index({batch, cols.unsqueeze(0), landing_rows, cols.unsqueeze(0)});
}

torch::Tensor MaskedPolicyEntropy(const torch::Tensor &q_columns, const torch::Tensor &legal) {
    auto illegal = legal.logical_not();
    auto logits = q_columns.masked_fill(illegal, -1e9);
    auto log_p = torch::log_softmax(logits, -1);
    auto p = log_p.exp();
    return -(p * log_p.masked_fill(illegal, 0.0)).sum(-1).mean();
}

}  // namespace probs
