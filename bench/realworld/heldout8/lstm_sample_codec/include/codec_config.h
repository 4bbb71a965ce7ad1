#pragma once

#include <cstdint>

// Quantisation of the waveform: mu-law companding to kLevels bins.
enum QuantLevels : int64_t { kLevels = 100 };

constexpr double kMuLaw = 255.0;

struct CodecConfig {
  static constexpr int64_t kEmbed = 20;  // embedding of a quantised sample
  int64_t hidden = 128;                  // LSTM width
  int64_t layers = 1;
  int64_t scale_hidden = 64;             // width of the loudness head
  int64_t window = 32;                   // samples per training window
};
