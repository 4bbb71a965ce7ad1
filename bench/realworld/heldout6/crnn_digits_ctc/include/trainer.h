#pragma once

#include <torch/torch.h>

#include <vector>

#include "crnn.h"
#include "crnn_config.h"

struct DigitStrips {
  torch::Tensor images;    // [N, 1, H, W]
  torch::Tensor labels;    // [N, max_len] digit + 1, padded with 0
  torch::Tensor lengths;   // [N] long
  torch::Tensor presence;  // [N, 10] multi-hot
};

struct TrainOptions {
  int64_t micro_batch;
  int64_t accumulation;
  int epochs;
  double lr;
};

float train_crnn(Crnn& model, const DigitStrips& train, const TrainOptions& opts,
                 torch::Device device);

// Greedy CTC decoding; returns {sequence accuracy, character error rate}.
std::pair<double, double> evaluate_crnn(Crnn& model, const DigitStrips& test, torch::Device device);
