#pragma once

#include <cstdint>

namespace PLANS {

	struct TrainingParameters {
		uint32_t maxEpisodes = 0;
		uint32_t trainingStepLength = 120;
		uint32_t policyStepLength = 1;

		double learningRate = 1e-3;
		int64_t criticHiddenSize = 64;

		// PPO.
		uint32_t ppo_epochs = 4;
		uint32_t ppo_miniBatchSize = 30;
		double ppo_gamma = 0.95;
		double ppo_lambda = 0.9;
		double ppo_beta = 0.2;
		double ppo_entropyCoef = 0.01;
	};

}
