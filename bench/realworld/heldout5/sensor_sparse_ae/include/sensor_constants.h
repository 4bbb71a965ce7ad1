#pragma once

#include <cstdint>

constexpr int64_t kChannels = 3;  // accelerometer axes
constexpr int64_t kWindow = 50;   // samples per window (one second at 50 Hz)
constexpr int64_t kHidden = 64;

// Tuned per deployment; defined in main.cpp.
extern const int64_t kCodeDim;
extern const double kSparsityTarget;
