#pragma once

#include <cstdint>

// Sizes of the citation graph and of the network.
enum GatDims : int64_t {
  kFeatureDim = 300,  // bag-of-words vocabulary of the abstracts
  kHiddenPerHead = 8,
  kNumHeads = 8,
  kNumClasses = 7,
};
