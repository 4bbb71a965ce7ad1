#ifndef UTILS_HPP_
#define UTILS_HPP_

#include <random>
#include <string>
#include <vector>

namespace RandomUtils {
std::mt19937 &getRandomEngine();
void initRandomEngine(unsigned int seed);
}

namespace StatisticsUtils {
double getAverage(const std::vector<double> &values);
}

namespace PrintUtils {
std::string vectorToTupleString(const std::vector<std::string> &values);
}

#endif
