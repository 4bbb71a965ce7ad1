#include "multivariateNormal.h"

#include <cmath>

MultivariateNormal::MultivariateNormal(torch::Tensor mean, torch::Tensor coVariance) {
	this->mean = mean;
	this->variance = torch::diagonal(coVariance, 0, -2, -1).reshape(mean.sizes());
}

torch::Tensor MultivariateNormal::sample() {
	torch::NoGradGuard no_grad;
	return this->mean + torch::randn_like(this->mean) * this->variance.sqrt();
}

torch::Tensor MultivariateNormal::logProbability(torch::Tensor value) {
	const double k = static_cast<double>(this->mean.size(-1));
	torch::Tensor difference = value - this->mean;
	return -0.5 * (difference.pow(2) / this->variance).sum(-1)
		- 0.5 * this->variance.log().sum(-1)
		- 0.5 * k * std::log(2.0 * M_PI);
}

torch::Tensor MultivariateNormal::entropy() {
	const double k = static_cast<double>(this->mean.size(-1));
	return 0.5 * k * (1.0 + std::log(2.0 * M_PI)) + 0.5 * this->variance.log().sum(-1);
}
