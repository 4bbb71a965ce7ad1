#pragma once

#include <torch/torch.h>

// Temperature scaling (Guo et al. 2017) fitted with L-BFGS on validation
// log-probabilities; returns the temperature.
double fit_temperature(const torch::Tensor& log_probs, const torch::Tensor& labels);

double expected_calibration_error(const torch::Tensor& probs, const torch::Tensor& labels,
                                  int64_t bins = 15);
