#ifndef EXAMPLE_APP_UTILS_H
#define EXAMPLE_APP_UTILS_H

#include <chrono>

class TimeCounter
{
public:
    void start();
    double end_s() const;

private:
    std::chrono::steady_clock::time_point t0;
};

#endif //EXAMPLE_APP_UTILS_H
