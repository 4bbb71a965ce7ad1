#pragma once

#include <torch/torch.h>

#include <random>

struct KeywordSet {
  torch::Tensor feats;     // [N, n_mels, kMaxFrames] normalised log-mel features
  torch::Tensor pad_mask;  // [N, kMaxFrames] true at padded frames
  torch::Tensor labels;    // [N]
};

KeywordSet make_keyword_set(int64_t count, std::mt19937 &rng);
