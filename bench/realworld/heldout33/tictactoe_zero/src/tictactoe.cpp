#include "core/tictactoe.h"

namespace alphazero {

namespace {
constexpr int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                              {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
}

TicTacToe::TicTacToe() : current_player_(1) { board_.fill(0); }

std::vector<int> TicTacToe::GetValidMoves() const {
  std::vector<int> moves;
  for (int i = 0; i < 9; ++i) {
    if (board_[i] == 0) moves.push_back(i);
  }
  return moves;
}

void TicTacToe::MakeMove(int action) {
  board_[action] = current_player_;
  current_player_ = -current_player_;
}

int TicTacToe::GetWinner() const {
  for (const auto& line : kLines) {
    int s = board_[line[0]];
    if (s != 0 && s == board_[line[1]] && s == board_[line[2]]) return s;
  }
  return 0;
}

bool TicTacToe::IsTerminal() const {
  return GetWinner() != 0 || GetValidMoves().empty();
}

float TicTacToe::GetGameResult() const {
  return GetWinner() != 0 ? 1.0f : 0.0f;
}

// Three 3x3 planes: the side to move's stones, the opponent's, a side-to-move plane.
torch::Tensor TicTacToe::GetCanonicalBoard() const {
  auto board = torch::zeros({3, 3, 3});
  auto acc = board.accessor<float, 3>();
  for (int i = 0; i < 9; ++i) {
    if (board_[i] == current_player_) acc[0][i / 3][i % 3] = 1.0f;
    if (board_[i] == -current_player_) acc[1][i / 3][i % 3] = 1.0f;
    acc[2][i / 3][i % 3] = current_player_ == 1 ? 1.0f : 0.0f;
  }
  return board;
}

}  // namespace alphazero
