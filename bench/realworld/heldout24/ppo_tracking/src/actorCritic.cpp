#include "actorCritic.h"

#include "multivariateNormal.h"

ActorCritic::ActorCritic(unsigned int inputCount, unsigned int outputCount, float initStd) {
	this->inputCount = inputCount;
	this->outputCount = outputCount;

	this->actionVariance = torch::full({ this->outputCount }, initStd * initStd);

	this->reset();
}

void ActorCritic::reset() {
	this->actor = torch::nn::Sequential(
		torch::nn::Linear(this->inputCount, 64),
		torch::nn::Tanh(),
		torch::nn::Linear(64, 64),
		torch::nn::Tanh(),
		torch::nn::Linear(64, this->outputCount)
	);
	register_module("sequential1", this->actor);

	this->critic = torch::nn::Sequential(
		torch::nn::Linear(this->inputCount, 64),
		torch::nn::Tanh(),
		torch::nn::Linear(64, 64),
		torch::nn::Tanh(),
		torch::nn::Linear(64, 1)
	);
	register_module("sequential2", this->critic);
}

void ActorCritic::setActionStd(float std) {
	this->actionVariance = torch::full({ this->outputCount }, std * std);
}

ActResult ActorCritic::act(torch::Tensor &state) {
	torch::Tensor actionMean = this->actor->forward(state);
	torch::Tensor coVariance = torch::diag(this->actionVariance).unsqueeze(0);

	// get action from normal distribution
	MultivariateNormal distribution = MultivariateNormal(actionMean, coVariance);
	torch::Tensor action = distribution.sample();
	torch::Tensor probability = distribution.logProbability(action);

	return ActResult {
		action.detach(),
		probability.detach(),
		this->critic->forward(state).detach(),
	};
}

EvaluateResult ActorCritic::evaluate(torch::Tensor &state, torch::Tensor &action) {
	torch::Tensor actionMean = this->actor->forward(state);

	torch::Tensor actionVariance = this->actionVariance.expand_as(actionMean);
	torch::Tensor coVariance = torch::diag_embed(actionVariance);

	MultivariateNormal distribution = MultivariateNormal(actionMean, coVariance);

	if (this->outputCount == 1) {
		action = action.reshape({ -1, this->outputCount });
	}

	return EvaluateResult {
		distribution.logProbability(action), // no detach
		this->critic->forward(state),
		distribution.entropy(),
	};
}

torch::Tensor ActorCritic::meanAction(torch::Tensor &state) {
	return this->actor->forward(state);
}
