#ifndef TIMER_HPP
#define TIMER_HPP

#include <chrono>

class Timer
{
public:
  void start() { start_ = std::chrono::steady_clock::now(); }
  double elapsed_time() const
  {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

private:
  std::chrono::steady_clock::time_point start_;
};

#endif  // TIMER_HPP
