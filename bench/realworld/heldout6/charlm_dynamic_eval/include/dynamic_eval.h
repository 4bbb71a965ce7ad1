#pragma once

#include <torch/torch.h>

#include "char_lm.h"

struct DynamicEvalConfig {
  int64_t segment;  // characters per adaptation step
  double lr;
  double decay;     // pull towards the trained weights
};

// Bits per character of the model on the stream, weights fixed.
double static_bits_per_char(CharLM& model, const torch::Tensor& stream, int64_t segment,
                            torch::Device device);

// Bits per character with dynamic evaluation (Krause et al., 2018): after scoring each
// segment the model takes a gradient step on it, by hand. The trained weights are
// restored before returning.
double dynamic_bits_per_char(CharLM& model, const torch::Tensor& stream,
                             const DynamicEvalConfig& config, torch::Device device);
