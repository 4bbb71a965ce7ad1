#include "stream_env.h"

#include <algorithm>
#include <cmath>

namespace {
constexpr double kChunkSeconds = 4.0;
constexpr double kMaxBuffer = 20.0;
constexpr double kRebufferPenalty = 4.3;
}  // namespace

StreamEnv::StreamEnv(int chunks_per_video, unsigned seed)
    : chunks_per_video_(chunks_per_video), rng_(seed) {
  reset();
}

void StreamEnv::reset() {
  chunk_ = 0;
  buffer_s_ = 0.0;
  last_bitrate_ = 0;
  history_.clear();
  std::uniform_real_distribution<double> u(0.8, 3.5);
  throughput_mbps_ = u(rng_);
}

double StreamEnv::step(int bitrate_index) {
  // throughput follows a bounded random walk with occasional drops
  std::normal_distribution<double> walk(0.0, 0.25);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  throughput_mbps_ = std::clamp(throughput_mbps_ + walk(rng_), 0.3, 5.0);
  if (u(rng_) < 0.05) throughput_mbps_ *= 0.4;

  const double size_mbit = kBitratesMbps[bitrate_index] * kChunkSeconds;
  const double download_s = size_mbit / throughput_mbps_;
  const double rebuffer = std::max(0.0, download_s - buffer_s_);
  buffer_s_ = std::min(kMaxBuffer, std::max(0.0, buffer_s_ - download_s) + kChunkSeconds);

  const double qoe = kBitratesMbps[bitrate_index] - kRebufferPenalty * rebuffer -
                     std::abs(kBitratesMbps[bitrate_index] - kBitratesMbps[last_bitrate_]);
  last_bitrate_ = bitrate_index;
  ++chunk_;
  history_.push_back({throughput_mbps_, buffer_s_, bitrate_index, download_s,
                      chunks_per_video_ - chunk_});
  return qoe;
}

void StreamEnv::state(double out[kHistoryLen][kNumFeatures]) const {
  fill_state(history_.data(), history_.size(), out);
}
