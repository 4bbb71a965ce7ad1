#pragma once

#include <torch/torch.h>

#include <deque>
#include <random>

struct Transition {
  torch::Tensor state, valid;
  int64_t action = 0;
  float reward = 0.f;
  torch::Tensor next_state, next_valid;
  bool done = false;
};

struct RBSample {
  torch::Tensor states, valid, actions, rewards, next_states, next_valid, dones;
};

class ReplayBuffer {
 public:
  ReplayBuffer(size_t capacity, uint64_t seed);
  void push(Transition t);
  RBSample sample(int64_t batch_size, torch::Device device);
  size_t size() const { return memory_.size(); }

 private:
  size_t capacity_;
  std::deque<Transition> memory_;
  std::mt19937_64 rng_;
};
