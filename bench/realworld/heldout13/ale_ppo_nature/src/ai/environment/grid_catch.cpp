#include "ai/environment/grid_catch.h"

namespace ai::environment {

GridCatch::GridCatch(uint64_t seed) : rng_(seed) {}

torch::Tensor GridCatch::render(int64_t frame_stack) {
  auto frame = torch::full({kScreenSize, kScreenSize}, 20, torch::kUInt8);
  const int64_t cell_h = kScreenSize / kGridRows;
  const int64_t cell_w = kScreenSize / kGridCols;
  const int64_t row = target_ / kGridCols;
  const int64_t col = target_ % kGridCols;
  frame.slice(0, row * cell_h + 3, (row + 1) * cell_h - 3)
      .slice(1, col * cell_w + 3, (col + 1) * cell_w - 3)
      .fill_(230);
  // a flickering distractor pixel row, as ALE screens have score bars
  std::uniform_int_distribution<int64_t> pos(0, kScreenSize - 1);
  frame.select(0, pos(rng_)).fill_(120);
  return frame.unsqueeze(0).repeat({frame_stack, 1, 1});
}

torch::Tensor GridCatch::reset(int64_t frame_stack) {
  std::uniform_int_distribution<int64_t> cell(0, kNumActions - 1);
  target_ = cell(rng_);
  t_ = 0;
  return render(frame_stack);
}

float GridCatch::step(int64_t action, int64_t frame_stack,
                      torch::Tensor &observation, bool &done) {
  const float reward = action == target_ ? 1.0f : 0.0f;
  ++t_;
  done = t_ >= kEpisodeLength;
  if (done) {
    observation = reset(frame_stack);
  } else {
    std::uniform_int_distribution<int64_t> cell(0, kNumActions - 1);
    target_ = cell(rng_);
    observation = render(frame_stack);
  }
  return reward;
}

}  // namespace ai::environment
