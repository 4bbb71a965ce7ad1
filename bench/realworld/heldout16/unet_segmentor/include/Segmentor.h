#ifndef SEGMENTOR_H
#define SEGMENTOR_H
#include "UNet.h"
#include "loss.h"
#include "SegDataset.h"

#include <cstring>
#include <iostream>
#include <string>

template <class Model>
class Segmentor
{
public:
	Segmentor() {};
	~Segmentor() {};
	void Initialize(int gpu_id, int width, int height, std::vector<std::string>&& name_list, int encoder_depth);
	void SetTrainTricks(trainTricks &tricks);
	float Train(float learning_rate, int epochs, int batch_size, int64_t train_count, int64_t val_count);
	float Evaluate(int64_t count, uint64_t seed);
private:
	int width = 512; int height = 512; std::vector<std::string> name_list;
	torch::Device device = torch::Device(torch::kCPU);
	trainTricks tricks;
	Model model{ nullptr };
};

template <class Model>
void Segmentor<Model>::Initialize(int gpu_id, int _width, int _height, std::vector<std::string>&& _name_list,
	int encoder_depth) {
	width = _width;
	height = _height;
	name_list = _name_list;
	if (name_list.size() < 2) std::cout << "Class num is less than 1";
	int gpu_num = torch::cuda::device_count();
	if (gpu_id >= gpu_num) std::cout << "GPU id exceeds max number of gpus";
	if (gpu_id >= 0) device = torch::Device(torch::kCUDA, gpu_id);

	model = Model(name_list.size(), encoder_depth);
	model->to(device);
}

template<class Model>
void Segmentor<Model>::SetTrainTricks(trainTricks &tricks) {
	this->tricks = tricks;
	return;
}

template <class Model>
float Segmentor<Model>::Train(float learning_rate, int epochs, int batch_size, int64_t train_count, int64_t val_count) {
	auto custom_dataset_train = SegDataset(width, height, train_count, 1234, name_list, tricks, true).map(torch::data::transforms::Stack<>());
	auto custom_dataset_val = SegDataset(width, height, val_count, 4321, name_list, tricks, false).map(torch::data::transforms::Stack<>());
	auto options = torch::data::DataLoaderOptions();
	options.drop_last(true);
	options.batch_size(batch_size);
	auto data_loader_train = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(std::move(custom_dataset_train), options);
	auto data_loader_val = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(std::move(custom_dataset_val), options);

	float last_loss = 0;
	for (int epoch = 0; epoch < epochs; epoch++) {
		float loss_sum = 0;
		int batch_count = 0;
		float loss_train = 0;
		float dice_coef_sum = 0;

		for (auto decay_epoch : tricks.decay_epochs) {
			if (static_cast<int>(decay_epoch) - 1 == epoch)
				learning_rate /= 10;
		}
		torch::optim::Adam optimizer(model->parameters(), learning_rate);
		if (epoch < static_cast<int>(tricks.freeze_epochs)) {
			for (auto mm : model->named_parameters())
			{
				if (strstr(mm.key().data(), "encoder"))
				{
					mm.value().set_requires_grad(false);
				}
				else
				{
					mm.value().set_requires_grad(true);
				}
			}
		}
		else {
			for (auto mm : model->named_parameters())
			{
				mm.value().set_requires_grad(true);
			}
		}
		model->train();
		for (auto& batch : *data_loader_train) {
			auto data = batch.data;
			auto target = batch.target;
			data = data.to(torch::kF32).to(device).div(255.0);
			target = target.to(torch::kLong).to(device).squeeze(1);

			optimizer.zero_grad();
			// Execute the model
			torch::Tensor prediction = model->forward(data);
			// Compute loss value
			torch::Tensor ce_loss = CELoss(prediction, target);
			torch::Tensor dice_loss = DiceLoss(torch::softmax(prediction, 1), target.unsqueeze(1), name_list.size());
			auto loss = dice_loss * tricks.dice_ce_ratio + ce_loss * (1 - tricks.dice_ce_ratio);
			// Compute gradients
			loss.backward();
			// Update the parameters
			optimizer.step();
			loss_sum += loss.item().toFloat();
			dice_coef_sum += (1 - dice_loss).item().toFloat();
			batch_count++;
			loss_train = loss_sum / batch_count;
			last_loss = loss.item().toFloat();
		}
		std::cout << "Epoch: " << epoch << ", Training Loss: " << loss_train
			<< ", Dice coefficient: " << dice_coef_sum / batch_count << std::endl;

		// validation part
		model->eval();
		torch::NoGradGuard no_grad;
		loss_sum = 0; batch_count = 0;
		for (auto& batch : *data_loader_val) {
			auto data = batch.data.to(torch::kF32).to(device).div(255.0);
			auto target = batch.target.to(torch::kLong).to(device).squeeze(1);
			torch::Tensor prediction = model->forward(data);
			torch::Tensor ce_loss = CELoss(prediction, target);
			torch::Tensor dice_loss = DiceLoss(torch::softmax(prediction, 1), target.unsqueeze(1), name_list.size());
			auto loss = dice_loss * tricks.dice_ce_ratio + ce_loss * (1 - tricks.dice_ce_ratio);
			loss_sum += loss.template item<float>();
			batch_count++;
		}
		std::cout << "Epoch: " << epoch << ", Validation Loss: " << loss_sum / batch_count << std::endl;
	}
	return last_loss;
}

// mean intersection over union of the foreground classes on a fresh synthetic set
template <class Model>
float Segmentor<Model>::Evaluate(int64_t count, uint64_t seed) {
	torch::NoGradGuard no_grad;
	model->eval();
	SegDataset data_set(width, height, count, seed, name_list, tricks, false);
	std::vector<double> inter(name_list.size(), 0.0), uni(name_list.size(), 0.0);
	for (int64_t i = 0; i < count; i++) {
		auto example = data_set.get(i);
		auto image = example.data.unsqueeze(0).to(device).div(255.0);
		auto pred = model->forward(image).argmax(1).squeeze(0).to(torch::kCPU);
		auto label = example.target.squeeze(0);
		for (size_t c = 1; c < name_list.size(); c++) {
			auto p = pred == static_cast<int64_t>(c);
			auto t = label == static_cast<int64_t>(c);
			inter[c] += p.logical_and(t).sum().template item<double>();
			uni[c] += p.logical_or(t).sum().template item<double>();
		}
	}
	double miou = 0;
	for (size_t c = 1; c < name_list.size(); c++) {
		miou += uni[c] > 0 ? inter[c] / uni[c] : 1.0;
	}
	return static_cast<float>(miou / (name_list.size() - 1));
}

#endif // SEGMENTOR_H
