#include "losses.h"

#include <cmath>

torch::Tensor sr_loss(const torch::Tensor& output, const torch::Tensor& target)
{
	auto mse = torch::mse_loss(output, target);
	auto log_out = torch::log(output.clamp_min(1e-6));
	auto log_tgt = torch::log(target.clamp_min(1e-6));
	return mse + 0.05 * (log_out - log_tgt).abs().mean();
}

torch::Tensor charbonnier(const torch::Tensor& output, const torch::Tensor& target)
{
	auto diff = output - target;
	return torch::sqrt(diff.pow(2) + 1e-6).mean();
}

float psnr_from_mse(float mse)
{
	return 10.f * std::log10(1.f / mse);
}
