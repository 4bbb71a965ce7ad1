
#ifndef NORMAL_H
#define NORMAL_H

#include <cmath>
#include <torch/torch.h>

/// Normal distribution with the reparameterisation trick
class Normal
{
    public:
        torch::Tensor mean, stddev, var, logStd;
        double lz;

        Normal(const torch::Tensor &mean, const torch::Tensor &std)
            : mean(mean), stddev(std), var(std * std), logStd(std.log()),
              lz(0.5 * std::log(2 * 3.14159265358979323846)) {}

        /// differentiable sample: mean + eps * stddev
        torch::Tensor rsample()
        {
            auto eps = torch::randn(mean.sizes(), torch::TensorOptions().device(mean.device()));
            return this->mean + eps * this->stddev;
        }

        /// sample without gradient
        torch::Tensor sample()
        {
            torch::NoGradGuard noGrad;
            return at::normal(mean, stddev);
        }

        torch::Tensor logProb(const torch::Tensor &value)
        {
            // -(x - mu)^2 / (2 sigma^2) - log(sigma) - log(sqrt(2 pi))
            return -(value - mean) * (value - mean) / (2 * var) - logStd - lz;
        }
};

#endif
