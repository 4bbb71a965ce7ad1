#include <torch/torch.h>

#include <cstdio>
#include <iostream>
#include <random>

#include "data.hpp"
#include "model.hpp"
#include "predict.hpp"
#include "tools.hpp"
#include "train.hpp"

torch::DeviceType device_type;

int n_hidden = 128;
int n_epochs = 300;
int print_every = 50;
int batch_size = 32;
float learning_rate = 0.05;
int gn_categories = 0;

int main()
{
	torch::manual_seed(0);
	if (torch::cuda::is_available())
	{
		printf("torch::cuda::is_available\n");
		device_type = torch::kCUDA;
	}
	else
	{
		printf("cpu is_available\n");
		device_type = torch::kCPU;
	}
	torch::Device device(device_type);

	std::mt19937 rng(2022);

	getAllCategorys(gAllCategorysList);
	getAllLinesForCategorys(200, 1);

	gn_categories = GetListElemCount(gAllCategorysList);

	RNN rnn(gn_letters, n_hidden, gn_categories);
	rnn.to(device);

	std::vector<std::string> test_lines;
	std::vector<int> test_categories, test_genders;
	getTestLines(20, 77, test_lines, test_categories, test_genders);
	auto before = evaluate(rnn, device, test_lines, test_categories, test_genders);

	auto optimizer = torch::optim::SGD(rnn.parameters(), torch::optim::SGDOptions(learning_rate).momentum(0.9));
	auto criterion = torch::nn::NLLLoss();

	float last_loss = 0.0f;
	for (int epoch = 1; epoch <= n_epochs; epoch++)
	{
		TrainingBatch batch = randomTrainingBatch(batch_size, rng);
		std::tuple<torch::Tensor, torch::Tensor> retTran = train(rnn, device, batch.category_tensor, batch.line_tensor,
																 batch.lengths, batch.gender_tensor, optimizer, criterion);
		torch::Tensor output = std::get<0>(retTran);
		torch::Tensor loss = std::get<1>(retTran);
		last_loss = loss.item<float>();

		if (0 == (epoch % print_every))
		{
			std::string guess = categoryFromOutput(output);
			printf("%d %s / %s %s loss: %.3f\n", epoch, batch.lines[0].c_str(), guess.c_str(),
				   guess == batch.categories[0] ? "right" : ("wrong (" + batch.categories[0] + ")").c_str(), last_loss);
		}
	}

	auto after = evaluate(rnn, device, test_lines, test_categories, test_genders);
	predict(test_lines[0], 3, rnn, device);

	std::cout << "final loss: " << last_loss << std::endl;
	std::cout << "test language accuracy: " << before.first << " -> " << after.first
			  << ", gender accuracy: " << before.second << " -> " << after.second << std::endl;
	return 0;
}
