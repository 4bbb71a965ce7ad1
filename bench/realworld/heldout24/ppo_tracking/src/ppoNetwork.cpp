#include "ppoNetwork.h"

#include <algorithm>

PPONetwork::PPONetwork(
	std::string functionName,
	unsigned int inputCount,
	unsigned int outputCount,
	float actorLearningRate,
	float criticLearningRate,
	float gamma,
	unsigned int epochs,
	float clip,
	float actionStd
) {
	this->gamma = gamma;
	this->clip = clip;
	this->epochs = epochs;

	this->actionStd = actionStd;

	this->functionName = functionName;

	this->inputCount = inputCount;
	this->outputCount = outputCount;

	this->policy = std::make_shared<ActorCritic>(inputCount, outputCount, actionStd);

	this->actorOptimizer = new torch::optim::Adam(
		this->policy->actor->parameters(), torch::optim::AdamOptions(actorLearningRate)
	);

	this->criticOptimizer = new torch::optim::Adam(
		this->policy->critic->parameters(), torch::optim::AdamOptions(criticLearningRate)
	);

	this->oldPolicy = std::dynamic_pointer_cast<ActorCritic>(this->policy->clone());
}

PPONetwork::~PPONetwork() {
	delete this->actorOptimizer;
	delete this->criticOptimizer;
}

void PPONetwork::setActionStd(float std) {
	this->actionStd = std;
	this->policy->setActionStd(std);
	this->oldPolicy->setActionStd(std);
}

float PPONetwork::decayActionStd(float decayRate, float minimum) {
	this->actionStd = std::max(this->actionStd - decayRate, minimum);
	this->setActionStd(this->actionStd);
	return this->actionStd;
}

torch::Tensor PPONetwork::trainAction(torch::Tensor &state) {
	ActResult act;
	{
		torch::NoGradGuard no_grad;
		act = this->oldPolicy->act(state);
	}

	this->buffer.states.push_back(state);
	this->buffer.actions.push_back(act.action);
	this->buffer.logProbabilities.push_back(act.probability);
	this->buffer.stateValues.push_back(act.critic);

	return act.action.detach();
}

torch::Tensor PPONetwork::greedyAction(torch::Tensor &state) {
	torch::NoGradGuard no_grad;
	return this->policy->meanAction(state);
}

void PPONetwork::singleTrain(float reward, bool isTerminal) {
	this->buffer.rewards.push_back(reward);
	this->buffer.isTerminals.push_back(isTerminal);
}

float PPONetwork::update() {
	std::vector<float> rewards;
	float discontinuedReward = 0.0;
	for (int64_t i = this->buffer.rewards.size() - 1; i >= 0; i--) {
		if (this->buffer.isTerminals[i]) {
			discontinuedReward = 0.0;
		}

		discontinuedReward = this->buffer.rewards[i] + (this->gamma * discontinuedReward);
		rewards.insert(rewards.begin(), discontinuedReward);
	}

	auto options = torch::TensorOptions().dtype(torch::kFloat32);
	torch::Tensor rewardsTensor = torch::from_blob(rewards.data(), { (long)rewards.size() }, options).clone();
	rewardsTensor = (rewardsTensor - rewardsTensor.mean()) / (rewardsTensor.std() + 1e-7);

	torch::Tensor oldStates = torch::squeeze(torch::stack(this->buffer.states, 0)).detach().reshape({ -1, (long)this->inputCount });
	torch::Tensor oldActions = torch::squeeze(torch::stack(this->buffer.actions, 0)).detach();
	torch::Tensor oldLogProbabilities = torch::squeeze(torch::stack(this->buffer.logProbabilities, 0)).detach();
	torch::Tensor oldStateValues = torch::squeeze(torch::stack(this->buffer.stateValues, 0)).detach();

	torch::Tensor advantages = rewardsTensor.detach() - oldStateValues.detach();

	float lastLoss = 0.0f;
	for (unsigned int i = 0; i < this->epochs; i++) {
		EvaluateResult result = this->policy->evaluate(oldStates, oldActions);

		torch::Tensor stateValues = torch::squeeze(result.critic);

		torch::Tensor ratios = torch::exp(result.probability - oldLogProbabilities.detach());

		torch::Tensor surrogateLoss1 = ratios * advantages;
		torch::Tensor surrogateLoss2 = torch::clamp(ratios, 1 - this->clip, 1 + this->clip) * advantages;

		torch::Tensor actorLoss = -torch::min(surrogateLoss1, surrogateLoss2) + 0.5 * this->loss(stateValues, rewardsTensor) - 0.01 * result.entropy;

		this->actorOptimizer->zero_grad();
		this->criticOptimizer->zero_grad();
		actorLoss.mean().backward();
		this->actorOptimizer->step();
		this->criticOptimizer->step();
		lastLoss = actorLoss.mean().item<float>();
	}

	this->oldPolicy.reset();
	this->oldPolicy = std::dynamic_pointer_cast<ActorCritic>(this->policy->clone());

	this->buffer.actions.clear();
	this->buffer.states.clear();
	this->buffer.logProbabilities.clear();
	this->buffer.rewards.clear();
	this->buffer.stateValues.clear();
	this->buffer.isTerminals.clear();
	return lastLoss;
}
