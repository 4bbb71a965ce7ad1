#pragma once
#include <iostream>
#include <sstream>

namespace facesr {
template <typename... Args>
void log_line(const char* level, const Args&... args) {
    std::ostringstream os;
    os << "[" << level << "] ";
    (os << ... << args);
    std::cout << os.str() << std::endl;
}
}  // namespace facesr

#define LOG_INFO(...) ::facesr::log_line("INFO", __VA_ARGS__)
#define LOG_WARN(...) ::facesr::log_line("WARN", __VA_ARGS__)
