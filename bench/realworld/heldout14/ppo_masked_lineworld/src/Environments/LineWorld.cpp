#include "Environments/LineWorld.h"

LineWorld::LineWorld(uint32_t seed) : m_rng(seed) {}

int64_t LineWorld::delta(int64_t action) {
  static const int64_t kDeltas[kNumActions] = {-3, -2, -1, 1, 2, 3};
  return kDeltas[action];
}

std::vector<float> LineWorld::observation() const {
  std::vector<float> obs(2 * kTrackLength, 0.0f);
  obs[m_pos] = 1.0f;
  obs[kTrackLength + m_goal] = 1.0f;
  return obs;
}

std::vector<float> LineWorld::reset() {
  std::uniform_int_distribution<int64_t> cell(0, kTrackLength - 1);
  m_pos = cell(m_rng);
  do {
    m_goal = cell(m_rng);
  } while (m_goal == m_pos);
  m_steps = 0;
  return observation();
}

std::vector<float> LineWorld::actionMask() const {
  std::vector<float> mask(kNumActions, 0.0f);
  for (int64_t a = 0; a < kNumActions; ++a) {
    int64_t next = m_pos + delta(a);
    mask[a] = (next >= 0 && next < kTrackLength) ? 1.0f : 0.0f;
  }
  return mask;
}

std::vector<float> LineWorld::step(int64_t action, float& reward, bool& done) {
  int64_t next = m_pos + delta(action);
  if (next >= 0 && next < kTrackLength) m_pos = next;
  ++m_steps;
  bool reached = m_pos == m_goal;
  reward = reached ? 1.0f : -0.02f;
  done = reached || m_steps >= kMaxEpisodeSteps;
  return observation();
}
