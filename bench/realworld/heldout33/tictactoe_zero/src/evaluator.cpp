#include "core/evaluator.h"
#include "core/tictactoe.h"

namespace alphazero {

EvaluationStats Evaluator::EvaluateAgainstRandom() {
  EvaluationStats stats;
  torch::NoGradGuard no_grad;
  network_->eval();
  int wins = 0, draws = 0, losses = 0;
  for (int g = 0; g < config_.num_evaluation_games; ++g) {
    TicTacToe game;
    const int network_player = (g % 2 == 0) ? 1 : -1;
    while (!game.IsTerminal()) {
      auto moves = game.GetValidMoves();
      int action;
      if (game.GetCurrentPlayer() == network_player) {
        auto out = network_->forward(game.GetCanonicalBoard().unsqueeze(0));
        auto logits = out.first.squeeze(0).to(torch::kCPU);
        auto acc = logits.accessor<float, 1>();
        action = moves.front();
        for (int a : moves) {
          if (acc[a] > acc[action]) action = a;
        }
      } else {
        std::uniform_int_distribution<size_t> pick(0, moves.size() - 1);
        action = moves[pick(rng_)];
      }
      game.MakeMove(action);
    }
    const int winner = game.GetWinner();
    if (winner == network_player) ++wins;
    else if (winner == 0) ++draws;
    else ++losses;
  }
  network_->train();
  const float n = static_cast<float>(config_.num_evaluation_games);
  stats.win_rate = wins / n;
  stats.draw_rate = draws / n;
  stats.loss_rate = losses / n;
  return stats;
}

}  // namespace alphazero
