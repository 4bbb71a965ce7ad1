#include "arena.hpp"

#include <algorithm>
#include <cstdlib>

namespace Environment::Field {

Arena::Arena(int num_channels, int grid_size, unsigned int seed)
    : num_channels_(num_channels), grid_size_(grid_size), gen_(seed) {
  std::uniform_int_distribution<int> cell(0, grid_size_ - 1);
  px_ = cell(gen_), py_ = cell(gen_), ex_ = cell(gen_), ey_ = cell(gen_);
  loot_.assign(static_cast<size_t>(grid_size_ * grid_size_), 0);
  for (int i = 0; i < grid_size_; ++i) {
    loot_[static_cast<size_t>(cell(gen_) * grid_size_ + cell(gen_))] = 1;
  }
}

std::vector<float> Arena::observe() const {
  std::vector<float> obs(static_cast<size_t>(num_channels_ * grid_size_ * grid_size_), 0.0f);
  auto at = [&](int c, int x, int y) -> float & {
    return obs[static_cast<size_t>((c * grid_size_ + x) * grid_size_ + y)];
  };
  at(0, px_, py_) = 1.0f;  // the agent
  at(1, ex_, ey_) = 1.0f;  // the enemy
  for (int x = 0; x < grid_size_; ++x) {
    for (int y = 0; y < grid_size_; ++y) {
      at(2, x, y) = static_cast<float>(loot_[static_cast<size_t>(x * grid_size_ + y)]);
      if (num_channels_ > 3) {
        at(3, x, y) = (std::abs(x - ex_) + std::abs(y - ey_)) / float(2 * grid_size_);
      }
    }
  }
  for (int c = 4; c < num_channels_; ++c) {
    at(c, px_, py_) = static_cast<float>((frame_ >> (c - 4)) & 1);
  }
  return obs;
}

// Moves towards the enemy (actions 1-4), attacks when adjacent (5),
// otherwise waits (0); 6-8 are the unused item keys.
int Arena::scripted_action() const {
  int dx = ex_ - px_, dy = ey_ - py_;
  if (std::abs(dx) + std::abs(dy) <= 1) {
    return 5;
  }
  if (std::abs(dx) >= std::abs(dy)) {
    return dx > 0 ? 1 : 2;
  }
  return dy > 0 ? 3 : 4;
}

void Arena::apply(int action) {
  ++frame_;
  switch (action) {
    case 1: px_ = std::min(px_ + 1, grid_size_ - 1); break;
    case 2: px_ = std::max(px_ - 1, 0); break;
    case 3: py_ = std::min(py_ + 1, grid_size_ - 1); break;
    case 4: py_ = std::max(py_ - 1, 0); break;
    case 5: {
      if (std::abs(ex_ - px_) + std::abs(ey_ - py_) <= 1) {
        std::uniform_int_distribution<int> cell(0, grid_size_ - 1);
        ex_ = cell(gen_), ey_ = cell(gen_);
      }
      break;
    }
    default: break;
  }
  loot_[static_cast<size_t>(px_ * grid_size_ + py_)] = 0;
  if (frame_ % 7 == 0) {
    std::uniform_int_distribution<int> step(-1, 1);
    ex_ = std::clamp(ex_ + step(gen_), 0, grid_size_ - 1);
    ey_ = std::clamp(ey_ + step(gen_), 0, grid_size_ - 1);
  }
}

}  // namespace Environment::Field
