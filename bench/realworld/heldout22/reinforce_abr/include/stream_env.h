#pragma once

#include <random>
#include <vector>

#include "context.h"

// A video-streaming session over a Markov throughput trace: 4-second chunks,
// QoE = bitrate - rebuffer penalty - smoothness penalty.
class StreamEnv {
 public:
  StreamEnv(int chunks_per_video, unsigned seed);
  void reset();
  double step(int bitrate_index);  // returns the chunk's QoE
  bool done() const { return chunk_ >= chunks_per_video_; }
  void state(double out[kHistoryLen][kNumFeatures]) const;

 private:
  int chunks_per_video_;
  int chunk_ = 0;
  double buffer_s_ = 0.0;
  double throughput_mbps_ = 2.0;
  int last_bitrate_ = 0;
  std::vector<ChunkRecord> history_;
  std::mt19937 rng_;
};
