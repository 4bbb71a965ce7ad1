#include "Utils.hpp"

#include <numeric>

namespace RandomUtils {
static std::mt19937 engine(0);
std::mt19937 &getRandomEngine() { return engine; }
void initRandomEngine(unsigned int seed) { engine.seed(seed); }
}

namespace StatisticsUtils {
double getAverage(const std::vector<double> &values) {
  if (values.empty()) {
    return 0.0;
  }
  return std::accumulate(values.begin(), values.end(), 0.0) / values.size();
}
}

namespace PrintUtils {
std::string vectorToTupleString(const std::vector<std::string> &values) {
  std::string out = "(";
  for (size_t i = 0; i < values.size(); ++i) {
    out += values[i];
    if (i + 1 < values.size()) {
      out += ", ";
    }
  }
  return out + ")";
}
}
