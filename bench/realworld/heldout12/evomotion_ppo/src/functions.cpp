//
// Truncated normal distribution on [min_value, max_value].
//

#include <cmath>

#include <evo_motion_networks/functions.h>

torch::Tensor phi(const torch::Tensor &z) {
    return torch::exp(-0.5f * torch::pow(z, 2.f)) / std::sqrt(2.f * static_cast<float>(M_PI));
}

torch::Tensor theta(const torch::Tensor &x) { return 0.5f * (1.f + torch::erf(x / std::sqrt(2.f))); }

torch::Tensor theta_inv(const torch::Tensor &theta) {
    return std::sqrt(2.f) * torch::erfinv(2.f * theta - 1.f);
}

torch::Tensor truncated_normal_log_pdf(
    const torch::Tensor &x, const torch::Tensor &mu, const torch::Tensor &sigma, float min_value,
    float max_value) {
    const auto alpha = (min_value - mu) / sigma;
    const auto beta = (max_value - mu) / sigma;

    const auto z = theta(beta) - theta(alpha);

    return -0.5f * std::log(2 * static_cast<float>(M_PI)) - torch::log(sigma)
           - 0.5 * torch::pow((x - mu) / sigma, 2.f) - torch::log(z);
}

torch::Tensor truncated_normal_sample(
    const torch::Tensor &mu, const torch::Tensor &sigma, const float min_value,
    const float max_value) {
    const auto alpha = (min_value - mu) / sigma;
    const auto beta = (max_value - mu) / sigma;
    const auto u = at::rand(mu.sizes(), at::TensorOptions(mu.device())).clamp(1e-4f, 1.f - 1e-4f);
    return (theta_inv(theta(alpha) + u * (theta(beta) - theta(alpha))) * sigma + mu)
        .clamp(min_value, max_value);
}

torch::Tensor truncated_normal_entropy(
    const torch::Tensor &mu, const torch::Tensor &sigma, const float min_value,
    const float max_value) {
    const auto alpha = (min_value - mu) / sigma;
    const auto beta = (max_value - mu) / sigma;

    const auto z = theta(beta) - theta(alpha);

    return torch::log(std::sqrt(2.0 * M_PI * std::exp(1.0)) * sigma * z)
           + 0.5 * (alpha * phi(alpha) - beta * phi(beta)) / z;
}

float exponential_decrease(const long t, const long max_t, const float start, const float end) {
    const auto k = -std::log(end / start) / static_cast<float>(max_t);
    return std::max(start * std::exp(-k * static_cast<float>(t)), end);
}
