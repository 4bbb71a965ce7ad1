#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <random>

constexpr int64_t kGridSize = 5;
constexpr int64_t kStateDim = kGridSize * kGridSize;  // one-hot cell
constexpr int64_t kNumActions = 4;                    // up, down, left, right
constexpr int64_t kMaxEpisodeSteps = 20;

struct StepResult {
  float reward = 0.f;
  bool done = false;     // reached the goal
  bool timeout = false;  // episode cut off
};

// Open grid with the goal in the bottom-right corner; moves off the grid are
// invalid actions.
class GridWorld {
 public:
  explicit GridWorld(uint64_t seed) : rng_(seed) { reset(); }

  void reset() {
    std::uniform_int_distribution<int64_t> cell(0, kStateDim - 2);
    pos_ = cell(rng_);
    steps_ = 0;
  }

  void reset_to(int64_t cell) {
    pos_ = cell;
    steps_ = 0;
  }

  int64_t position() const { return pos_; }
  static int64_t goal() { return kStateDim - 1; }

  torch::Tensor observe() const {
    auto s = torch::zeros({kStateDim});
    s[pos_] = 1.0;
    return s;
  }

  torch::Tensor valid_actions() const {
    const int64_t row = pos_ / kGridSize, col = pos_ % kGridSize;
    return torch::tensor({row > 0, row < kGridSize - 1, col > 0, col < kGridSize - 1},
                         torch::kBool);
  }

  StepResult step(int64_t action) {
    int64_t row = pos_ / kGridSize, col = pos_ % kGridSize;
    if (action == 0 && row > 0) --row;
    if (action == 1 && row < kGridSize - 1) ++row;
    if (action == 2 && col > 0) --col;
    if (action == 3 && col < kGridSize - 1) ++col;
    pos_ = row * kGridSize + col;
    ++steps_;
    StepResult r;
    r.done = pos_ == goal();
    r.reward = r.done ? 1.f : -0.05f;
    r.timeout = !r.done && steps_ >= kMaxEpisodeSteps;
    return r;
  }

  std::mt19937_64& rng() { return rng_; }

 private:
  std::mt19937_64 rng_;
  int64_t pos_ = 0;
  int64_t steps_ = 0;
};
