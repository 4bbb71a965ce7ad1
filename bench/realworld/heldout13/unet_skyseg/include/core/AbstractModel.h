#ifndef ABSTRACT_MODEL_H
#define ABSTRACT_MODEL_H

#include <torch/torch.h>

#include <memory>
#include <vector>

#include "InputProcessing/DataLoaderData.h"

class AbstractModel : public torch::nn::Module
{
public:
	virtual ~AbstractModel() = default;

	virtual const char* GetName() const = 0;
	virtual std::vector<at::Tensor> RunForward(DataLoaderData& batch) = 0;

	template <typename OptimizerType, typename OptionsType>
	void CreateOptimizer(OptionsType opts)
	{
		this->optimizer = std::make_shared<OptimizerType>(this->parameters(), opts);
	}

	std::shared_ptr<torch::optim::Optimizer> GetOptimizer() const
	{
		return this->optimizer;
	}

protected:
	std::shared_ptr<torch::optim::Optimizer> optimizer;
};

#endif
