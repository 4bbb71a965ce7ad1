#pragma once

#include <map>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "DQN.hpp"
#include "tetris.hpp"
#include "torch/torch.h"

// Afterstate features, in the order they are written into the state tensor.
struct BoardFeatures {
  float heights[Tetris::cols];
  float holes_per_col[Tetris::cols];
  float lines_cleared;
  float holes;
  float bumpiness;
  float height;
  float wells;
};

static const float learning_rate = 1e-3;
static const int replaybuffer_maxsize = 3000;
static const int batch_size = 128;
static const int epochs = 300;
static const int decay_epochs = 200;
static const float initial_epsilon = 1;
static const float final_epsilon = 1e-3;
static const float _gamma = 0.99;
static const int max_pieces = 120;
static const int64_t state_size = sizeof(BoardFeatures) / sizeof(float);
static const int64_t hidden_size = 64;

using State = torch::Tensor;
using Action = std::pair<int, int>;  // rotations, x
using Mapping = std::map<Action, State>;

struct Exp {
 public:
  State state;
  int reward;
  State next_state;
  bool done;

 public:
  Exp(State s, int r, State n_s, bool d) {
    state = s;
    reward = r;
    next_state = n_s;
    done = d;
  }
};
using ReplayBuffer = std::vector<Exp>;

class TetrisForAI : public Tetris {
 public:
  explicit TetrisForAI(std::uint64_t seed = 1) : Tetris(seed) {}

  int get_holes(std::vector<int> *per_col = nullptr) const;
  std::pair<int, int> get_bumpiness_and_height(std::vector<int> *heights = nullptr) const;
  int get_wells() const;

  State get_state_prperties(int lines_cleared) const;
  // Every (rotation, column) placement of the current shape and its afterstate.
  Mapping get_next_states();
  std::pair<int, bool> step(const Action &action);
  void reset() override;
};

struct TrainResult {
  float final_loss = 0.0f;
  int steps = 0;
};

TrainResult train(const std::shared_ptr<DQN> &model, torch::Device device);
float evaluate(const std::shared_ptr<DQN> &model, torch::Device device, int games, std::uint64_t seed);
