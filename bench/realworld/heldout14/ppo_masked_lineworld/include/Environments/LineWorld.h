#ifndef LINEWORLD_H
#define LINEWORLD_H

#include <cstdint>
#include <random>
#include <vector>

// A track of kTrackLength cells; the agent jumps by -3..+3 (no 0) towards a goal cell.
// Jumps that would leave the track are invalid actions (masked).
class LineWorld {
 public:
  static constexpr int64_t kTrackLength = 12;
  static constexpr int64_t kNumActions = 6;
  static constexpr int64_t kMaxEpisodeSteps = 16;

  explicit LineWorld(uint32_t seed);
  std::vector<float> reset();
  // returns the next observation; reward and done through the references
  std::vector<float> step(int64_t action, float& reward, bool& done);
  std::vector<float> actionMask() const;
  int64_t episodeSteps() const { return m_steps; }

 private:
  std::vector<float> observation() const;
  static int64_t delta(int64_t action);

  std::mt19937 m_rng;
  int64_t m_pos = 0;
  int64_t m_goal = 0;
  int64_t m_steps = 0;
};

#endif
