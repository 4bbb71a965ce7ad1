#ifndef UTILS_HPP
#define UTILS_HPP

#include <chrono>

namespace Utils {

double convertToDeg(double rad);

} // namespace Utils

template <typename Duration = std::chrono::milliseconds, typename Clock = std::chrono::steady_clock>
Duration since(std::chrono::time_point<Clock> start) {
    return std::chrono::duration_cast<Duration>(Clock::now() - start);
}

#endif // UTILS_HPP
