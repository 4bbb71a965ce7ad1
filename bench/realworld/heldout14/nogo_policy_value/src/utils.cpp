#include "utils.h"

void TimeCounter::start() { t0 = std::chrono::steady_clock::now(); }

double TimeCounter::end_s() const
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
