#pragma once

#include <torch/torch.h>

#include <deque>
#include <random>

#include "qnet.h"

// A toy control task: push one coordinate of the state per action, reward is -|state|.
class ToyEnv {
 public:
  explicit ToyEnv(int64_t state_dim);
  torch::Tensor reset();
  // Returns the next state; the reward and the end of the episode come back by reference.
  torch::Tensor step(int64_t action, float &reward, bool &done);

 private:
  int64_t state_dim_;
  torch::Tensor state_;
  int64_t t_ = 0;
};

struct Transition {
  torch::Tensor state;
  int64_t action;
  float reward;
  torch::Tensor next_state;
  bool done;
};

struct TrainerConfig {
  int64_t batch_size;
  int64_t capacity;
  int64_t target_sync;
  int64_t max_steps;
  double gamma;
  double learning_rate;
};

class Trainer {
 public:
  Trainer(QNet online, QNet target, ToyEnv env, torch::Device device, TrainerConfig config);
  void run();

 private:
  int64_t select_action(const torch::Tensor &state, double epsilon);

  QNet online_;
  QNet target_;
  ToyEnv env_;
  torch::Device device_;
  TrainerConfig config_;
  torch::optim::RMSprop optimizer_;
  std::deque<Transition> replay_;
  std::mt19937 rng_{123};
};
