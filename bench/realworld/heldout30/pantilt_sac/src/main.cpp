#include <torch/torch.h>
#include <iostream>
#include <iomanip>
#include <random>
#include <vector>

#include "config.h"
#include "SACAgent.h"
#include "ReplayBuffer.h"
#include "PanTiltEnv.h"

using namespace Utility;

// Globals, as in TATS' main
torch::Device device(torch::kCPU);
SACAgent* pidAutoTuner = nullptr;
ReplayBuffer* replayBuffer = nullptr;

int main(int argc, char** argv)
{
	torch::manual_seed(0);
	auto default_dtype = caffe2::TypeMeta::Make<double>();
	torch::set_default_dtype(default_dtype);
	Config* config = new Config();
	pidAutoTuner = new SACAgent(config->numInput, config->numHidden, config->numActions, config->actionHigh, config->actionLow);
	replayBuffer = new ReplayBuffer(config->maxBufferSize);

	// Setup Torch
	if (torch::cuda::is_available()) {
		std::cout << "CUDA is available! Training on GPU." << std::endl;
		device = torch::kCUDA;
	}
	else {
		std::cout << "CUDA is not available! Training on CPU." << std::endl;
		device = torch::kCPU;
	}

	PanTiltEnv* env = new PanTiltEnv(config);
	std::mt19937 eng(3);
	std::uniform_real_distribution<double> randomAction(-1.0, 1.0);

	double actions[NUM_SERVOS][NUM_ACTIONS];
	TD results[NUM_SERVOS];
	double stateArray[NUM_INPUT];
	std::vector<double> qLosses;
	double rewardSum = 0.0;
	int rewardCount = 0;
	int updates = 0;

	for (long step = 0; step < config->maxTrainingSteps; step++) {

		// Select an action for each servo
		for (int servo = 0; servo < NUM_SERVOS; servo++) {
			if (config->initialRandomActions && step < config->numInitialRandomActions) {
				for (int a = 0; a < NUM_ACTIONS; a++) {
					actions[servo][a] = randomAction(eng);
				}
			}
			else {
				SD current = env->state(servo);
				current.getStateArray(stateArray);
				torch::Tensor state = torch::from_blob(stateArray, { 1, NUM_INPUT }, torch::kDouble).clone();
				torch::Tensor action = pidAutoTuner->get_action(state);
				for (int a = 0; a < NUM_ACTIONS; a++) {
					actions[servo][a] = action[a].item().toDouble();
				}
			}
		}

		env->step(actions, results);
		for (int servo = 0; servo < NUM_SERVOS; servo++) {
			replayBuffer->add(results[servo]);
			rewardSum += results[servo].reward;
			rewardCount++;
		}

		// Training session
		if (replayBuffer->size() >= config->minBufferSize && step % config->updateEvery == 0) {
			for (int u = 0; u < config->numUpdates; u++) {
				TrainBuffer batch = replayBuffer->sample(config->batchSize);
				pidAutoTuner->update(config->batchSize, &batch);
				qLosses.push_back(pidAutoTuner->lastQLoss1());
				updates++;
			}
		}

		if ((step + 1) % 128 == 0) {
			std::cout << "step " << std::setw(4) << (step + 1)
				<< "  mean reward " << std::fixed << std::setprecision(4) << rewardSum / rewardCount
				<< "  updates " << updates
				<< "  q1 " << pidAutoTuner->lastQLoss1()
				<< "  v " << pidAutoTuner->lastValueLoss()
				<< "  pi " << pidAutoTuner->lastPolicyLoss()
				<< "  alpha " << pidAutoTuner->alpha() << std::endl;
			std::cout.unsetf(std::ios::fixed);
			std::cout << std::setprecision(6);
			rewardSum = 0.0;
			rewardCount = 0;
		}
	}

	double tail = 0.0;
	int n = 0;
	for (size_t i = qLosses.size() >= 50 ? qLosses.size() - 50 : 0; i < qLosses.size(); i++) {
		tail += qLosses[i];
		n++;
	}
	std::cout << "final loss: " << (n > 0 ? tail / n : 0.0) << std::endl;

	delete env;
	delete replayBuffer;
	delete pidAutoTuner;
	delete config;
	return 0;
}
