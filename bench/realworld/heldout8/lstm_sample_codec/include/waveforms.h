#pragma once

#include <torch/torch.h>

#include "codec_config.h"

struct WaveBatch {
  torch::Tensor codes;      // [B, T] quantised samples (int64)
  torch::Tensor amplitude;  // [B, T] |x| of the next sample
};

// Synthetic "recordings": sums of two decaying sinusoids plus noise.
torch::Tensor make_waveforms(int64_t count, int64_t length, uint64_t seed);
torch::Tensor mu_law_encode(const torch::Tensor &x);
WaveBatch sample_windows(const torch::Tensor &waves, int64_t batch, int64_t window);
