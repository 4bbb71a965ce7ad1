#include "usage_trace.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "config.hpp"

std::vector<double> MakeUsageTrace(int64_t length, double base, double period,
                                   uint64_t seed) {
  std::mt19937_64 gen(seed);
  std::normal_distribution<double> noise(0.0, 1.5);
  std::uniform_real_distribution<double> uni(0.0, 1.0);
  std::vector<double> trace;
  trace.reserve(length);
  double burst = 0.0;
  for (int64_t t = 0; t < length; ++t) {
    double daily = 18.0 * std::sin(2.0 * M_PI * t / period);
    double weekly = 6.0 * std::sin(2.0 * M_PI * t / (period * 3.5) + 1.0);
    if (uni(gen) < 0.02) burst = 15.0;
    burst *= 0.8;
    double v = base + daily + weekly + burst + noise(gen);
    trace.push_back(std::clamp(v, 0.0, static_cast<double>(MAX_SIZE)));
  }
  return trace;
}

double MeanAbsoluteError(const std::vector<double>& a, const std::vector<double>& b) {
  double total = 0.0;
  size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) total += std::abs(a[i] - b[i]);
  return n ? total / n : 0.0;
}

std::vector<double> Standardize(const std::vector<double>& values) {
  double mean = 0.0, sq = 0.0;
  for (double v : values) mean += v;
  mean /= values.size();
  for (double v : values) sq += (v - mean) * (v - mean);
  double stddev = std::sqrt(sq / values.size());
  std::vector<double> out;
  for (double v : values) out.push_back((v - mean) / (stddev + 1e-8));
  return out;
}
