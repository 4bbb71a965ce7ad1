#pragma once
#include <torch/torch.h>

#include <cstdint>
#include <random>

namespace ai::environment {

// A stand-in for an ALE game with the full 18-action set: a bright target
// appears in one cell of a 3 x 6 grid drawn on an 84 x 84 grayscale screen;
// the action that names the cell scores. Frames are uint8, like ALE screens.
class GridCatch {
 public:
  static constexpr int64_t kNumActions = 18;
  static constexpr int64_t kScreenSize = 84;
  static constexpr int64_t kGridRows = 3;
  static constexpr int64_t kGridCols = 6;
  static constexpr int64_t kEpisodeLength = 8;

  explicit GridCatch(uint64_t seed);

  // [frame_stack, 84, 84] uint8
  torch::Tensor reset(int64_t frame_stack);
  // returns reward, writes the next observation and whether the episode ended
  float step(int64_t action, int64_t frame_stack, torch::Tensor &observation,
             bool &done);

  int64_t target() const { return target_; }

 private:
  torch::Tensor render(int64_t frame_stack);

  std::mt19937_64 rng_;
  int64_t target_ = 0;
  int64_t t_ = 0;
};

}  // namespace ai::environment
