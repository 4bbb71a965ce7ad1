#ifndef TRAINER_H
#define TRAINER_H

#include "game.h"
#include "model.h"
#include "monte_carlo_tree_search.h"

#include <torch/torch.h>
#include <random>

struct Example {
  std::vector<int> canonical_board;
  int current_player;
  std::vector<float> action_probs;
  std::vector<int> valid_moves;
  int reward;
};

class Trainer {
  public:
    Trainer(ConnectXGame game, Connect2Model& model, uint32_t num_simulations,
            uint32_t training_iterations, uint32_t number_of_episodes,
            uint32_t epochs, uint32_t batch_size) :
      game_(game),
      model_(model),
      num_simulations_(num_simulations),
      training_iterations_(training_iterations),
      number_of_episodes_(number_of_episodes),
      epochs_(epochs),
      batch_size_(batch_size),
      rng_(1234) {}

    std::vector<Example> ExecuteEpisode();
    double Learn();
    double Train(const std::vector<Example>& examples);
    torch::Tensor GetProbabilityLoss(torch::Tensor targets,
                                     torch::Tensor outputs);
    torch::Tensor GetValueLoss(torch::Tensor targets,
                               torch::Tensor outputs);

  private:
    ConnectXGame game_;
    Connect2Model& model_;
    uint32_t num_simulations_;
    uint32_t training_iterations_;
    uint32_t number_of_episodes_;
    uint32_t epochs_;
    uint32_t batch_size_;
    std::mt19937 rng_;
};

// evaluate.cpp: the network's greedy policy against a uniformly random player
double WinRateAgainstRandom(ConnectXGame& game, Connect2Model& model, int games, unsigned seed);

#endif /* TRAINER_H */
