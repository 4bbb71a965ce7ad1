#include "train.h"
#include "dataset.h"

namespace {
const int kAccumulation = 2;
const int kFineTuneImages = 1280;
}

ConvNet train(ConvNet model, torch::Device device, size_t num_epochs, int batch_size, double learning_rate)
{
	model->train();
	auto datasets = Dataset("synthetic://dogcat/finetune", { "dog", "cat" }, 16, kFineTuneImages)
		.map(torch::data::transforms::Normalize<>({ 0.5, 0.5, 0.5 }, { 0.5, 0.5, 0.5 }))
		.map(torch::data::transforms::Stack<>());
	auto data_loader = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(std::move(datasets), batch_size);

	torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(learning_rate).momentum(0.9));
	optimizer.zero_grad();

	int micro_step = 0;
	double last_loss = 0.0;
	for (size_t epoch = 0; epoch != num_epochs; ++epoch) {
		for (auto& batch : *data_loader) {
			auto data = batch.data.to(device);
			auto target = batch.target.squeeze().to(device);
			auto output = model->forward(data);
			auto loss = torch::nn::functional::cross_entropy(output, target) / kAccumulation;
			loss.backward();
			last_loss = loss.item<double>() * kAccumulation;
			if ((micro_step + 1) % kAccumulation == 0) {
				optimizer.step();
				optimizer.zero_grad();
			}
			micro_step += 1;
		}
		std::cout << "[INFO] fine-tune epoch " << (epoch + 1) << ", last loss " << last_loss << std::endl;
	}
	return model;
}
