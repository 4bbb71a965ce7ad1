#pragma once

#include <torch/torch.h>

#include <cstdint>

// Run settings. main() default-constructs it and sets every member before use.
struct GanOptions {
  int64_t noise_dim;
  int64_t data_dim;
  int64_t g_hidden;
  int64_t d_hidden;
  int64_t batch_size;
  int64_t iterations;
  double lr;
  double confidence_weight;
};

// Options of the generator's three fully connected layers, chosen by the caller.
struct GeneratorLayers {
  torch::nn::LinearOptions input;
  torch::nn::LinearOptions hidden;
  torch::nn::LinearOptions output;
};
