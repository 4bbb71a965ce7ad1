#include "context.h"

void fill_state(const ChunkRecord* history, size_t count, double state[kHistoryLen][kNumFeatures]) {
  for (int i = 0; i < kHistoryLen; ++i) {
    // most recent chunk last; missing history is zero
    const long src = static_cast<long>(count) - kHistoryLen + i;
    if (src < 0) {
      for (int j = 0; j < kNumFeatures; ++j) state[i][j] = 0.0;
      continue;
    }
    const ChunkRecord& r = history[src];
    state[i][0] = r.throughput_mbps / 5.0;
    state[i][1] = r.buffer_s / 20.0;
    state[i][2] = kBitratesMbps[r.bitrate_index] / kBitratesMbps[kNumBitrates - 1];
    state[i][3] = r.download_s / 8.0;
    state[i][4] = r.chunks_left / 40.0;
  }
}
