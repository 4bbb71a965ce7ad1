#ifndef SRC_WORKER_HPP_
#define SRC_WORKER_HPP_

#include <mutex>  // NOLINT(build/c++11)
#include <string>
#include <vector>

#include "predictor.hpp"

using value_t = double;

class Worker {
 public:
  explicit Worker(const std::string& key);

  void Insert(value_t value);
  value_t prediction() const { return prediction_; }
  double last_train_loss() const { return last_train_loss_; }
  int64_t steps() const { return steps_; }
  const std::string& key() const { return key_; }

  void Lock() { mutex_.lock(); }
  void Unlock() { mutex_.unlock(); }

 private:
  const std::string key_;
  std::mutex mutex_;

  std::vector<value_t> dataset_;
  Predictor predictor_;
  value_t prediction_ = 0;
  double last_train_loss_ = -1.0;
  int64_t steps_ = 0;
};

#endif  // SRC_WORKER_HPP_
