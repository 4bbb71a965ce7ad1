#pragma once

#include <cstdint>

// Network and problem settings. Declared here, defined once in hyper.cpp.
struct Hyper {
  static const int64_t width;
  static const int64_t depth;
  static const int64_t num_freqs;
  static const double diffusivity;
  static const int64_t interior_points;
  static const int64_t boundary_points;
  static const int64_t initial_points;
  static const int64_t adam_iterations;
  static const double adam_lr;
  static const double boundary_weight;
  static const int64_t test_grid;
};
