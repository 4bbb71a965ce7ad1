#include "worker.hpp"

#include <algorithm>
#include <string>

#include "config.hpp"
#include "torch/torch.h"

Worker::Worker(const std::string& key) : key_(key) {}

void Worker::Insert(value_t value) {
  dataset_.push_back(value);
  // Use naive prediction as a fallback
  prediction_ = value;

  auto size = static_cast<int64_t>(dataset_.size());
  if (size < WINDOW_SIZE) return;

  /* Training */

  // Normalize data
  auto data = torch::tensor(dataset_) / MAX_SIZE;
  // Maintain a sliding window
  dataset_.erase(dataset_.begin());

  last_train_loss_ = predictor_.Train(data);
  ++steps_;

  /* Prediction of the next value */

  auto valid_input = data.slice(0, size - (SEQ_LEN - OUTPUT_SIZE), size);
  auto predictions = predictor_.Predict(valid_input);
  // Denormalize prediction
  prediction_ = predictions[0].item<double>() * MAX_SIZE;

  predictor_.UpdateLR();
}
