#pragma once

#include <torch/torch.h>

// Options of the convolutional front end, filled through setters before the model is built.
class FrontendOptions {
 public:
  FrontendOptions &set_channels(int64_t channels) {
    channels_ = channels;
    return *this;
  }
  FrontendOptions &set_kernel(int64_t kernel) {
    kernel_ = kernel;
    return *this;
  }
  FrontendOptions &set_dropout(double p) {
    dropout_ = p;
    return *this;
  }
  int64_t channels() const { return channels_; }
  int64_t kernel() const { return kernel_; }
  double dropout() const { return dropout_; }

 private:
  int64_t channels_ = 64;
  int64_t kernel_ = 3;
  double dropout_ = 0.1;
};

// Two Conv1d/BatchNorm/ReLU stages over the mel axis: [N, n_mels, T] -> [N, channels, T].
torch::nn::Sequential make_frontend(int64_t in_mels, const FrontendOptions &opts);
