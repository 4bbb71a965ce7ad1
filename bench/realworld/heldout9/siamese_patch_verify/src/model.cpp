#include "model.h"
#include <algorithm>
#include <chrono>
#include <functional>
#include <iostream>
#include <limits>

float last_epoch_loss = 0.0f;

void siam_train(Siam_data_loader &data_train, Siam_data_set &data_val, ConvNet model, int epochs, torch::Device device)
{
	if (device == torch::kCPU)
		std::cout << "Training on CPU" << std::endl;
	else
		std::cout << "Training on GPU" << std::endl;

	model->to(device);

	torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(1e-3));

	int dataset_size = data_train.size();

	float best_mse = std::numeric_limits<float>::max();

	model->train();

	for (int epoch = 1; epoch <= epochs; epoch++) {
		auto begin = std::chrono::steady_clock::now();

		float mse = 0.; // mean of the epoch's losses
		int count = 0;

		for (; !data_train.epoch_end();) {

			std::string consol_text = "\r" + std::to_string((int)(((data_train.num_batch()) / ((float)dataset_size / data_train.size_batch())) * 100)) + "%";
			std::cout << consol_text;

			Batch data = data_train.get_batch();

			auto imgs_1 = data.img_1;
			auto imgs_2 = data.img_2;
			auto labels = data.label.squeeze();

			imgs_1 = imgs_1.to(device);
			imgs_2 = imgs_2.to(device);
			labels = labels.to(device);

			auto output = model->forward(imgs_1, imgs_2);

			auto contrastive = torch::diagonal((1 - labels) * torch::pow(output, 2) + (labels) * torch::pow(torch::clamp(1.0 - output, 0.0), 2));

			auto loss = torch::binary_cross_entropy(output.squeeze(1), labels) + torch::mean(contrastive);

			loss.backward();
			optimizer.step();

			mse += loss.template item<float>();

			optimizer.zero_grad();

			count++;
		}
		std::cout << "\r";

		mse /= (float)count;
		last_epoch_loss = mse;

		model->eval();
		model->to(torch::kCPU);
		double val_error = siam_test(data_val, model);
		model->to(device);
		model->train();

		auto end = std::chrono::steady_clock::now();
		auto elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(end - begin);
		std::cout << "Time for epoch: " << elapsed_ms.count() << " ms\n";

		std::string stat = "Train Epoch: " + std::to_string(epoch) + "/" + std::to_string(epochs) +
			" Mean loss: " + std::to_string(mse) +
			" Validation error " + std::to_string(val_error) + "\n";

		std::cout << stat;

		model->to(torch::kCPU);
		model->eval();

		if (mse < best_mse)
		{
			best_mse = mse;
		}

		if (epoch != epochs) {
			model->to(device);
			model->train();
		}
	}
}


double siam_test(Siam_data_set data_test, ConvNet model){
	int error = 0;

	for (size_t i = 0; i < data_test.size(); i++) {
		auto data = data_test.get(i);
		auto out_model = model->forward(data.img_1, data.img_2);

		if ((out_model.template item<double>() < 0.5 && data.label.template item<int>() != 0)||
			(out_model.template item<double>() >= 0.5 && data.label.template item<int>() != 1)) {
			error++;
		}
	}

	return (double)error / data_test.size();
}


// Refit the similarity head on the pairs the model gets wrong (or nearly wrong).
int siam_finetune_hard(Siam_data_set &data, ConvNet model, int steps, torch::Device device)
{
	model->to(device);
	model->eval();

	// collect the hard pairs: the 32 pairs the model gets most wrong
	std::vector<std::pair<double, size_t>> wrongness;
	{
		torch::NoGradGuard no_grad;
		for (size_t i = 0; i < data.size(); i++) {
			auto pair = data.get(i);
			double p = model->forward(pair.img_1.to(device), pair.img_2.to(device)).item<double>();
			double y = pair.label.item<double>();
			wrongness.emplace_back(std::abs(p - y), i);
		}
	}
	std::sort(wrongness.begin(), wrongness.end(), std::greater<std::pair<double, size_t>>());
	wrongness.resize(std::min<size_t>(32, wrongness.size()));
	if (wrongness.size() < 2)
		return 0;

	std::vector<torch::Tensor> hard_1, hard_2, hard_label;
	for (const auto &w : wrongness) {
		auto pair = data.get(w.second);
		hard_1.push_back(pair.img_1);
		hard_2.push_back(pair.img_2);
		hard_label.push_back(pair.label);
	}

	torch::Tensor imgs_1 = torch::cat(hard_1).to(device);
	torch::Tensor imgs_2 = torch::cat(hard_2).to(device);
	torch::Tensor labels = torch::cat(hard_label).to(device);

	torch::optim::SGD optimizer(model->head->parameters(), torch::optim::SGDOptions(1e-4));

	for (int step = 0; step < steps; step++) {
		auto output = model->forward(imgs_1, imgs_2).squeeze(1);
		// weight the pairs by how wrong they are
		auto weight = torch::abs(output - labels).clamp_min(1e-6).detach();
		auto loss = (weight * torch::binary_cross_entropy(output, labels, {}, at::Reduction::None)).mean();
		loss.backward();
		optimizer.step();
	}
	model->to(torch::kCPU);
	return static_cast<int>(hard_1.size());
}
