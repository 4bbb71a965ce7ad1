#pragma once

#include <cstdint>

// Shape of the synthetic tabular data set.
constexpr int64_t kDataDim = 24;
constexpr int64_t kNumClasses = 10;
constexpr int64_t kNumSamples = 2000;
constexpr int64_t kEvalPerClass = 150;
