#include <iostream>
#include <torch/torch.h>

#include "environment.h"
#include "ppoNetwork.h"

namespace {
torch::Tensor toTensor(const std::vector<double>& values) {
	std::vector<float> copy(values.begin(), values.end());
	return torch::tensor(copy);
}

double greedyReturn(PPONetwork& network, unsigned int seed, int episodes) {
	TrackingTask task(seed);
	double total = 0.0;
	for (int e = 0; e < episodes; e++) {
		torch::Tensor state = toTensor(task.reset());
		while (!task.done()) {
			torch::Tensor action = network.greedyAction(state);
			total += task.step(action.item<double>());
			state = toTensor(task.observation());
		}
	}
	return total / episodes;
}
}  // namespace

int main() {
	torch::manual_seed(5);

	const unsigned int updates = 30;
	const unsigned int episodesPerUpdate = 4;

	PPONetwork network(
		"track",
		TrackingTask::kObservationSize,
		TrackingTask::kActionSize,
		0.0003f, // actor learning rate
		0.001f,  // critic learning rate
		0.95f,   // gamma
		8,       // epochs per update
		0.2f,    // clip
		0.6f     // initial action std
	);

	TrackingTask task(17);
	const double before = greedyReturn(network, 123, 10);
	float lastLoss = 0.0f;
	for (unsigned int u = 0; u < updates; u++) {
		for (unsigned int e = 0; e < episodesPerUpdate; e++) {
			torch::Tensor state = toTensor(task.reset());
			while (!task.done()) {
				torch::Tensor action = network.trainAction(state);
				const float reward = task.step(action.item<double>());
				network.singleTrain(reward, task.done());
				state = toTensor(task.observation());
			}
		}
		lastLoss = network.update();
		if ((u + 1) % 10 == 0) {
			const float std = network.decayActionStd(0.1f, 0.2f);
			std::cout << "update " << (u + 1) << " | loss " << lastLoss << " | action std " << std << std::endl;
		}
	}
	const double after = greedyReturn(network, 123, 10);

	std::cout << "final loss: " << lastLoss << std::endl;
	std::cout << "greedy return per episode (10 episodes): " << before << " -> " << after << std::endl;
	return 0;
}
