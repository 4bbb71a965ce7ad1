#include "Utils.hpp"

#include <cmath>

namespace Utils {

double convertToDeg(double rad) {
    return rad * 180.0 / M_PI;
}

} // namespace Utils
