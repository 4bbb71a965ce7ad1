#ifndef UTILS_H
#define UTILS_H

#include <cstdlib>
#include <string>

template <typename T>
class AverageMeter {
   public:
    void Add(const T value) {
        sum_ += value;
        count_++;
    }
    T GetAverage() const { return count_ == 0 ? T(0) : sum_ / static_cast<T>(count_); }

   private:
    T sum_ = T(0);
    int64_t count_ = 0;
};

// a size read from the environment, with the value the experiments used as its default
inline int64_t EnvInt(const char* name, const int64_t fallback) {
    const char* value = std::getenv(name);
    return value == nullptr ? fallback : std::stoll(value);
}

#endif
