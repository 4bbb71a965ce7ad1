#ifndef SETTINGS_H
#define SETTINGS_H

#include <torch/torch.h>

#include <functional>
#include <vector>

struct Settings
{
	torch::DeviceType device = torch::kCPU;
	int numWorkers = 0;
	int batchSize = 1;
	int epochCount = 1;

	std::function<torch::Tensor(const std::vector<torch::Tensor>&, const torch::Tensor&)> lossFn;
};

#endif
