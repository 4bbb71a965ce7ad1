#include "Environment.h"
#include "TrainingController.h"

#include <iostream>

using namespace PLANS;

namespace {

double evaluate(Agent* agent, uint32_t episodes) {
	double sum = 0.0;
	for (uint32_t e = 0; e < episodes; e++) {
		sum += TrainingController::runEpisode(agent, true);
	}
	return sum / episodes;
}

}

int main() {
	torch::manual_seed(11);

	TrainingParameters* params = new TrainingParameters();
	params->maxEpisodes = 60;
	params->learningRate = 3e-3;
	params->criticHiddenSize = 100;

	Environment enviroment(11);
	if (!TrainingController::init(params, &enviroment)) {
		return 1;
	}
	Agent* agent = TrainingController::getAgent(0);

	const double before = evaluate(agent, 10);

	for (uint32_t episode = 0; episode < params->maxEpisodes; episode++) {
		TrainingController::runEpisode(agent, false);
		TrainingController::onAgentExecuted(agent->agentID);
		if ((episode + 1) % 15 == 0) {
			std::cout << "episode " << episode + 1 << " loss " << agent->lastLoss << std::endl;
		}
	}

	const double after = evaluate(agent, 10);

	std::cout << "final loss: " << agent->lastLoss << std::endl;
	std::cout << "test mean final distance to target (greedy, 10 episodes): " << before << " -> " << after << std::endl;

	TrainingController::shutdown();
	delete params;
	return 0;
}
