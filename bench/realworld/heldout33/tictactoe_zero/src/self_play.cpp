#include "core/self_play.h"

#include <cmath>

namespace alphazero {

template <typename GameType>
std::vector<float> SelfPlay<GameType>::SearchPolicy(const GameType& game) {
  const auto moves = game.GetValidMoves();
  std::vector<float> policy(config_.action_size, 0.0f);

  // Immediate wins are played for certain.
  for (int a : moves) {
    GameType next = game;
    next.MakeMove(a);
    if (next.GetWinner() != 0) {
      policy[a] = 1.0f;
      return policy;
    }
  }

  torch::Tensor logits;
  {
    torch::NoGradGuard no_grad;
    network_->eval();
    auto out = network_->forward(game.GetCanonicalBoard().unsqueeze(0));
    logits = out.first.squeeze(0).to(torch::kCPU);
  }
  auto acc = logits.accessor<float, 1>();
  float max_logit = -1e30f;
  for (int a : moves) max_logit = std::max(max_logit, acc[a]);
  float sum = 0.0f;
  for (int a : moves) {
    policy[a] = std::exp((acc[a] - max_logit) / temperature_);
    sum += policy[a];
  }
  for (int a : moves) policy[a] /= sum;
  return policy;
}

template <typename GameType>
GameEpisode SelfPlay<GameType>::ExecuteEpisode() {
  GameEpisode episode;
  GameType game;
  std::vector<int> players;

  while (!game.IsTerminal()) {
    auto policy = SearchPolicy(game);
    episode.boards.push_back(game.GetCanonicalBoard());
    episode.policies.push_back(policy);
    players.push_back(game.GetCurrentPlayer());

    std::discrete_distribution<int> dist(policy.begin(), policy.end());
    game.MakeMove(dist(rng_));
  }

  const int winner = game.GetWinner();
  episode.outcome = static_cast<float>(winner);
  for (int p : players) {
    episode.values.push_back(winner == 0 ? 0.0f : (winner == p ? 1.0f : -1.0f));
  }
  network_->train();
  return episode;
}

template class SelfPlay<TicTacToe>;

}  // namespace alphazero
