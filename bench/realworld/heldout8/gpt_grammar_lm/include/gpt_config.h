#pragma once

#include <cstdint>

// Number of independent sequences processed at once.
static const int64_t kBatchSize = 16;

// Maximum context length.
static const int64_t kSeqLen = 32;

// Embedding dimension.
static const int64_t kEmbedSize = 120;

// Characters: 26 letters, space, '.', ',' and '?'.
static const int64_t kVocab = 30;

// Dropout ratio.
static const float kDropout = 0.1f;

struct GptConfig {
  int64_t num_heads = 4;
  int64_t num_layers = 2;
};
