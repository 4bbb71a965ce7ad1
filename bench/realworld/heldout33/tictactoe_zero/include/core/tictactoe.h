#ifndef ALPHAZERO_TICTACTOE_H_
#define ALPHAZERO_TICTACTOE_H_

#include <array>
#include <vector>
#include <torch/torch.h>

namespace alphazero {

class TicTacToe {
 public:
  TicTacToe();
  std::vector<int> GetValidMoves() const;
  void MakeMove(int action);
  bool IsTerminal() const;
  // +1 if the player who just moved won, 0 otherwise (draw or not over)
  float GetGameResult() const;
  int GetCurrentPlayer() const { return current_player_; }
  int GetWinner() const;
  torch::Tensor GetCanonicalBoard() const;
  static constexpr int kActionSize = 9;

 private:
  std::array<int, 9> board_;
  int current_player_;
};

}  // namespace alphazero

#endif  // ALPHAZERO_TICTACTOE_H_
