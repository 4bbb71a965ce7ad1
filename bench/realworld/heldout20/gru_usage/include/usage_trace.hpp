#ifndef SRC_USAGE_TRACE_HPP_
#define SRC_USAGE_TRACE_HPP_

#include <cstdint>
#include <vector>

// A synthetic resource-usage trace in [0, MAX_SIZE] (the original reads one
// value per line from a file or stdin).
std::vector<double> MakeUsageTrace(int64_t length, double base, double period,
                                   uint64_t seed);

double MeanAbsoluteError(const std::vector<double>& a, const std::vector<double>& b);

// Normalises a window by its own statistics (used for the error report).
std::vector<double> Standardize(const std::vector<double>& values);

#endif  // SRC_USAGE_TRACE_HPP_
