#pragma once

#include <cstdint>

constexpr int64_t kNumMels = 40;
constexpr int64_t kMaxFrames = 80;
constexpr int64_t kNumKeywords = 6;

struct KwsConfig {
  int64_t n_mels = kNumMels;
  int64_t gru_hidden = 50;
  int64_t att_dim = 64;
  int64_t num_classes = kNumKeywords;
};

struct TrainOptions {
  int64_t epochs = 10;
  int64_t micro_batch = 24;
  int64_t accumulation = 2;
  double lr = 2e-3;
  double clip = 5.0;
};
