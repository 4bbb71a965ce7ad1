#ifndef ALPHAZERO_SELF_PLAY_H_
#define ALPHAZERO_SELF_PLAY_H_

#include <memory>
#include <random>
#include <vector>
#include <torch/torch.h>
#include "core/config.h"
#include "core/neural_network.h"
#include "core/tictactoe.h"

namespace alphazero {

struct GameEpisode {
  std::vector<torch::Tensor> boards;
  std::vector<std::vector<float>> policies;
  std::vector<float> values;
  float outcome = 0.0f;
};

// Picks moves from the network's policy with a one-ply search for wins
// (the original runs a batched MCTS; see README).
template <typename GameType>
class SelfPlay {
 public:
  SelfPlay(std::shared_ptr<NeuralNetwork> network, const Config& config, float temperature,
           unsigned seed)
      : network_(std::move(network)), config_(config), temperature_(temperature), rng_(seed) {}

  GameEpisode ExecuteEpisode();

 private:
  std::vector<float> SearchPolicy(const GameType& game);

  std::shared_ptr<NeuralNetwork> network_;
  const Config& config_;
  float temperature_;
  std::mt19937 rng_;
};

extern template class SelfPlay<TicTacToe>;

}  // namespace alphazero

#endif  // ALPHAZERO_SELF_PLAY_H_
