#ifndef calibrate
#define calibrate

#include<torch/torch.h>

// Temperature scaling of a trained classifier on held-out logits (Guo et al., 2017):
// returns the temperature that minimises the negative log-likelihood.
double fit_temperature(const torch::Tensor &logits, const torch::Tensor &labels,
                       torch::Device device, int rounds);

// Expected calibration error with equal-width confidence bins
double expected_calibration_error(const torch::Tensor &logits, const torch::Tensor &labels,
                                  int bins);

#endif  /* calibrate.h */
