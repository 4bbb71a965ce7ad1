#pragma once

#include <cstdint>

// Hyper-parameters of the tagger. main.cpp default-constructs one and fills in
// what depends on the corpus (vocabulary and tag set); the rest keeps the
// defaults below.
struct TaggerConfig {
  int64_t vocab_size = 0;
  int64_t num_tags = 0;
  int64_t num_shapes = 8;
  int64_t word_dim = 64;
  int64_t shape_dim = 20;
  int64_t model_dim = 96;
  int64_t num_heads = 4;
  int64_t ffn_dim = 384;
  int64_t num_layers = 2;
  int64_t max_len = 64;
  double dropout = 0.1;
};
