//
// Truncated normal distribution on [min_value, max_value].
//

#ifndef EVO_MOTION_FUNCTIONS_H
#define EVO_MOTION_FUNCTIONS_H

#include <torch/torch.h>

torch::Tensor phi(const torch::Tensor &z);

torch::Tensor theta(const torch::Tensor &x);

torch::Tensor theta_inv(const torch::Tensor &theta);

torch::Tensor truncated_normal_log_pdf(
    const torch::Tensor &x, const torch::Tensor &mu, const torch::Tensor &sigma, float min_value,
    float max_value);

torch::Tensor truncated_normal_sample(
    const torch::Tensor &mu, const torch::Tensor &sigma, float min_value, float max_value);

torch::Tensor truncated_normal_entropy(
    const torch::Tensor &mu, const torch::Tensor &sigma, float min_value, float max_value);

float exponential_decrease(long t, long max_t, float start, float end);

#endif // EVO_MOTION_FUNCTIONS_H
