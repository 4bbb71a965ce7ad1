#pragma once

#include <cstdint>

#include "vocab.h"

struct EncoderConfig {
  int64_t hidden = 120;
  int64_t heads = 4;
  int64_t ffn = 256;
  int64_t layers = 2;
};

struct DecoderConfig {
  int64_t hidden = 120;
  int64_t heads = 4;
  int64_t ffn = 256;
  int64_t layers = 2;
};

struct ModelConfig {
  int64_t vocab_size = kVocabSize;
  int64_t max_positions = kMaxLen + 2;
  double dropout = 0.1;
  EncoderConfig encoder;
  DecoderConfig decoder;
};

struct TrainConfig {
  int64_t steps = 300;
  int64_t batch_size = 64;
  int64_t warmup = 40;
  double lr = 2e-3;
  double weight_decay = 1e-4;
  double clip = 1.0;
  int64_t log_every = 50;
};
