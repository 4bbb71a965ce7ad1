// A small stand-in for the game around the bot: a square arena seen by the
// agent as a stack of feature planes, with a scripted player whose moves the
// agent is rewarded for imitating.
#ifndef ARENA_HPP
#define ARENA_HPP

#include <random>
#include <vector>

namespace Environment::Field {

class Arena {
public:
  Arena(int num_channels, int grid_size, unsigned int seed);
  std::vector<float> observe() const;
  int scripted_action() const;
  void apply(int action);
  int frame() const { return frame_; }

private:
  int num_channels_, grid_size_, frame_ = 0;
  int px_, py_, ex_, ey_;
  std::vector<int> loot_;
  std::mt19937 gen_;
};

}  // namespace Environment::Field

#endif
