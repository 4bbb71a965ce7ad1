#include "Normalizer.h"

void Normalizer::fit(const torch::Tensor& data) {
    mean_ = data.mean(0);
    std_ = data.std(0);
}

torch::Tensor Normalizer::transform(const torch::Tensor& data) const {
    return (data - mean_) / (std_ + 1e-8);
}

torch::Tensor Normalizer::inverse(const torch::Tensor& data) const {
    return data * (std_ + 1e-8) + mean_;
}
