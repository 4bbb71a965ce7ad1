#pragma once

#include <torch/torch.h>

// Normal distribution with a diagonal covariance matrix {B, k, k} around a mean {B, k}.
class MultivariateNormal {
public:
	MultivariateNormal(torch::Tensor mean, torch::Tensor coVariance);

	torch::Tensor sample();
	torch::Tensor logProbability(torch::Tensor value);
	torch::Tensor entropy();

private:
	torch::Tensor mean;
	torch::Tensor variance;
};
