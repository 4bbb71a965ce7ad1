#pragma once

#include <cstdint>

struct LmConfig {
  int64_t vocab_size;
  int64_t embed_dim;
  int64_t hidden_size;
  int64_t num_layers;
  double dropout;
};
