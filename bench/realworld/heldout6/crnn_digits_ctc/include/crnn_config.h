#pragma once

#include <cstdint>

// Model settings; main() uses the defaults.
struct CrnnConfig {
  int64_t input_channels = 1;
  int64_t image_height = 16;
  int64_t image_width = 64;
  int64_t output_channel = 64;
  int64_t hidden_size = 100;
  int64_t num_layers = 1;
  bool bidirectional = true;
  int64_t alphabet_size = 11;  // CTC blank + ten digits
  int64_t num_digits = 10;
};
