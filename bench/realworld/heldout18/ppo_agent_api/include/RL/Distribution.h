#ifndef DISTRIBUTION
#define DISTRIBUTION
#include <torch/torch.h>
#include <memory>

class DistributionInterface{
public:
	virtual ~DistributionInterface() = default;
	virtual torch::Tensor get_scale(const torch::Tensor &state) = 0;
	virtual torch::Tensor sample(const torch::Tensor &mu, const torch::Tensor &state) = 0;
	virtual torch::Tensor log_prob(const torch::Tensor &act, const torch::Tensor &mu, const torch::Tensor &state) = 0;
	virtual torch::Tensor entropy(const torch::Tensor &mu, const torch::Tensor &state) = 0;
	virtual void train();
	virtual void eval();
	virtual void zero_grad();
	virtual void step();
	virtual void to(torch::Device dev);
};

using DistributionInterfacePtr = std::shared_ptr<DistributionInterface>;

class GaussianDistribution : public DistributionInterface{
public:
	GaussianDistribution(torch::Tensor scale);
	torch::Tensor get_scale(const torch::Tensor &state) override;
	torch::Tensor sample(const torch::Tensor &mu, const torch::Tensor &state) override;
	torch::Tensor log_prob(const torch::Tensor &act, const torch::Tensor &mu, const torch::Tensor &state) override;
	torch::Tensor entropy(const torch::Tensor &mu, const torch::Tensor &state) override;
	void to(torch::Device dev) override;
private:
	torch::Tensor scale, logScale;
};

#endif
