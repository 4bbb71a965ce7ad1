#pragma once

#include <cstddef>
#include <cstdint>

// Shape of the state the ABR agent sees (puffer's context: the last chunks'
// throughput, buffer, bitrate, download time and remaining chunks).
constexpr int kHistoryLen = 10;
constexpr int kNumFeatures = 5;
constexpr int kNumBitrates = 6;
constexpr double kBitratesMbps[kNumBitrates] = {0.3, 0.75, 1.2, 1.85, 2.85, 4.3};

struct ChunkRecord {
  double throughput_mbps;
  double buffer_s;
  int bitrate_index;
  double download_s;
  int chunks_left;
};

void fill_state(const ChunkRecord* history, size_t count, double state[kHistoryLen][kNumFeatures]);
