#pragma once
#include <torch/torch.h>

#include <chrono>
#include <iostream>
#include <map>
#include <string>

#include "loss.h"
#include "metric_logger.h"
#include "segmentation_model.h"

using namespace std;

template<typename Net, typename DataLoader>
float train_one_epoch(Net model, torch::Device device,
	DataLoader& data_loader,
	torch::optim::Optimizer& optimizer, int64_t max_iter)
{
	model->train();
	auto meters = MetricLogger(" ");

	std::map<std::string, torch::Tensor> loss_map;
	std::chrono::duration<double> data_time, batch_time;
	int iteration = 0;
	auto end = chrono::system_clock::now();
	data_time = chrono::system_clock::now() - end;

	for (const auto& batch : *data_loader)
	{
		auto data = batch.data;
		auto targets = batch.target;

		data = data.to(torch::kF32);
		targets = targets.to(torch::kLong);

		data = data.to(device);
		targets = targets.to(device);

		optimizer.zero_grad();

		auto output = model->forward(data);

		auto loss = criterion(output, targets);

		loss_map["loss"] = loss;

		meters.update(loss_map);

		loss.backward();
		optimizer.step();

		batch_time = std::chrono::system_clock::now() - end;
		end = std::chrono::system_clock::now();
		meters.update(std::map<string, float>{ {"time", static_cast<float>(batch_time.count())}, { "data", static_cast<float>(data_time.count()) }});
		if (iteration % 20 == 0 || iteration == max_iter) {
			std::cout << "iter: " << iteration << " " << meters;
		}
		iteration++;
	}
	return meters["loss"].global_avg();
}

template<typename Net, typename DataLoader>
ConfusionMatrix evaluate(Net model, torch::Device device,
	DataLoader& data_loader,
	int64_t num_classes)
{
	model->eval();

	torch::NoGradGuard nograd;

	ConfusionMatrix confmat(num_classes, device);

	for (const auto& batch : *data_loader)
	{
		auto data = batch.data;
		auto targets = batch.target;

		data = data.to(torch::kF32);
		targets = targets.to(torch::kLong);

		data = data.to(device);
		targets = targets.to(device);

		auto output = model->forward(data);

		auto out = output["out"];

		confmat.update(targets.flatten(), out.argmax(1).flatten());
	}

	std::cout << confmat;
	return confmat;
}
