#pragma once

#include <memory>
#include <string>
#include <torch/torch.h>

#include "actorCritic.h"
#include "rolloutBuffer.h"

class PPONetwork {
public:
	PPONetwork(
		std::string functionName,
		unsigned int inputCount,
		unsigned int outputCount,
		float actorLearningRate,
		float criticLearningRate,
		float gamma,
		unsigned int epochs,
		float clip,
		float actionStd
	);
	~PPONetwork();

	void setActionStd(float std);
	float decayActionStd(float decayRate, float minimum);
	// samples an action with the old policy and records the step in the buffer
	torch::Tensor trainAction(torch::Tensor &state);
	torch::Tensor greedyAction(torch::Tensor &state);
	void singleTrain(float reward, bool isTerminal);
	// one PPO update over the buffer; returns the mean loss of its last epoch
	float update();

private:
	std::string functionName;
	unsigned int inputCount;
	unsigned int outputCount;
	float gamma;
	float clip;
	unsigned int epochs;
	float actionStd;

	std::shared_ptr<ActorCritic> policy;
	std::shared_ptr<ActorCritic> oldPolicy;
	torch::optim::Adam* actorOptimizer = nullptr;
	torch::optim::Adam* criticOptimizer = nullptr;
	torch::nn::MSELoss loss;
	RolloutBuffer buffer;
};
