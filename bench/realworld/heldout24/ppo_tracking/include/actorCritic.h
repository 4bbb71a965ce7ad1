#pragma once

#include <string>
#include <torch/torch.h>

struct ActResult {
	torch::Tensor action;
	torch::Tensor probability;
	torch::Tensor critic;
};

struct EvaluateResult {
	torch::Tensor probability;
	torch::Tensor critic;
	torch::Tensor entropy;
};

class ActorCritic : public torch::nn::Cloneable<ActorCritic> {
public:
	ActorCritic(unsigned int inputCount, unsigned int outputCount, float initStd);

	void setActionStd(float std);
	ActResult act(torch::Tensor &state);
	EvaluateResult evaluate(torch::Tensor &state, torch::Tensor &action);
	torch::Tensor meanAction(torch::Tensor &state);

	torch::nn::Sequential actor{nullptr};
	torch::nn::Sequential critic{nullptr};

	void reset() override;

private:
	unsigned int inputCount;
	unsigned int outputCount;

	torch::Tensor actionVariance;
};
