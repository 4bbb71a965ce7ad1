#pragma once

#include <torch/torch.h>

#include <vector>

// One synthetic utterance: log-mel-like frames of a keyword template placed at a
// random offset in background noise, zero-padded after `length` frames.
struct Utterance {
  torch::Tensor feats;  // [n_mels, max_frames]
  int64_t label = 0;
  int64_t length = 0;
};

struct Batch {
  torch::Tensor feats;    // [B, n_mels, max_frames]
  torch::Tensor labels;   // [B]
  torch::Tensor lengths;  // [B]
};

class KeywordSynth {
 public:
  KeywordSynth(int64_t n_mels, int64_t max_frames, int64_t num_keywords);
  std::vector<Utterance> make(int64_t count);

 private:
  int64_t n_mels_, max_frames_, num_keywords_;
  torch::Tensor templates_;  // [num_keywords, n_mels, 24]
};

Batch collate(const std::vector<Utterance>& data, size_t start, size_t count,
              torch::Device device);
