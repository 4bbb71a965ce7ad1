#pragma once

#include <cstdint>

// A machine with six sensors, each read five times per window.
constexpr int64_t kNumSensors = 6;
constexpr int64_t kReadingsPerSensor = 5;
constexpr int64_t kNumFeatures = kNumSensors * kReadingsPerSensor;

constexpr int64_t kNumModes = 5;  // operating regimes
constexpr int64_t kLatentDim = 10;
