#include <torch/torch.h>
#include <float.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>

#include "benchmark_speech_commands.h"
#include "net.h"
#include "speech_commands_dataset.h"

#if defined(WIN32) || defined(_WIN32) || defined(__WIN32__) || defined(__NT__)
#include <windows.h>
#else
#include <dlfcn.h>
#endif

double g_final_loss = 0.0;

int speech_commands_libtorch(DATASET_DATA* training_set, DATASET_DATA* testing_set, int epochs)
{
#if defined(WIN32) || defined(_WIN32) || defined(__WIN32__) || defined(__NT__)
	HMODULE hMod = LoadLibraryA("torch_cuda.dll");
#else
	void* handle = dlopen("libtorch_cuda.so", RTLD_LAZY);
	(void)handle;
#endif

	torch::DeviceType device_type = torch::kCPU;
	if (torch::cuda::is_available())
	{
		if (!torch::cuda::cudnn_is_available())
		{
			std::cout << "CUDNN unavailable" << std::endl;
			return -1;
		}
		device_type = torch::kCUDA;
	}
	else
	{
		std::cout << "CUDA unavailable, training on the CPU" << std::endl;
	}


	torch::Device device(device_type);

	int batch_size = 32;
	int test_batch_size = 1;
	int input_dim = 80;
	int hidden_dim_1 = 256;
	int hidden_dim_2 = 128;
	int sequence_len = 40;
	int label_len = 30;
	float learning_rate = 0.001f;
	int iteration;
	int training_epochs;
	int training_iterations;
	torch::Tensor loss;
	std::chrono::steady_clock::time_point clock_begin;
	std::chrono::steady_clock::time_point clock_end;
	std::chrono::steady_clock::duration time_span;
	double nseconds;


	auto net = std::make_shared<Net>(input_dim, hidden_dim_1, hidden_dim_2, sequence_len, label_len);

	auto data_set = speech_commands_dataset(training_set, sequence_len, input_dim).map(torch::data::transforms::Stack<>());
	auto data_loader = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(std::move(data_set), batch_size);

	auto test_set = speech_commands_dataset(testing_set, sequence_len, input_dim).map(torch::data::transforms::Stack<>());
	auto test_data_loader = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(std::move(test_set), test_batch_size);

	net->to(device);

	torch::optim::Adam optimizer(net->parameters(), learning_rate);

	torch::optional<size_t> size = data_set.size();

	training_epochs = epochs;
	training_iterations = training_epochs * ceil(size.value() / (float)batch_size);
	iteration = 0;
	for (int epoch = 0; epoch < training_epochs; epoch++)
	{
		for (auto& batch : *data_loader)
		{
			if (iteration == 1) // allow for any lazy initialization
			{
				clock_begin = std::chrono::steady_clock::now();
			}

			torch::Tensor speech_data = batch.data.to(device);
			torch::Tensor speech_labels = batch.target.to(device);

			optimizer.zero_grad();

			torch::Tensor prediction = net->forward(speech_data);

			loss = torch::nll_loss(prediction, speech_labels);
			loss.backward();
			optimizer.step();

			if (iteration % 4 == 0)
			{
				printf("  loss: %f [%d%% completed]\n", loss.item<float>(), iteration * 100 / training_iterations);
			}
			iteration++;
		}
	}

	clock_end = std::chrono::steady_clock::now();
	time_span = clock_end - clock_begin;
	nseconds = double(time_span.count()) * std::chrono::steady_clock::period::num / std::chrono::steady_clock::period::den;

	g_final_loss = loss.item<float>();
	printf("  loss: %f [%d%% completed]\n", loss.item<float>(), iteration * 100 / training_iterations);
	printf("training completed [duration: %f sec]\nrunning inference...\n", nseconds);


	net->train(false);

	int total_correct = 0;
	int total_test_examples = 0;

	iteration = 0;
	for (auto& batch : *test_data_loader)
	{
		if (iteration == 1) // allow for any lazy initialization
		{
			clock_begin = std::chrono::steady_clock::now();
		}

		torch::Tensor speech_data = batch.data.to(device);
		torch::Tensor speech_labels = batch.target.to(device);

		optimizer.zero_grad();

		torch::Tensor prediction = net->forward(speech_data);

		torch::Tensor contig = prediction.contiguous();
		contig = contig.to(torch::kCPU);
		float* pred = (float*)contig.data_ptr();


		int64_t label = 0;
		float max = pred[0];
		for (int j = 1; j < label_len; j++)
		{
			if (pred[j] > max)
			{
				max = pred[j];
				label = j;
			}
		}

		if (label == speech_labels.item<int64_t>())
		{
			total_correct++;
		}

		total_test_examples++;

		iteration++;
	}

	clock_end = std::chrono::steady_clock::now();
	time_span = clock_end - clock_begin;
	nseconds = double(time_span.count()) * std::chrono::steady_clock::period::num / std::chrono::steady_clock::period::den;

	printf("inference completed [duration: %f sec]\nscore: %f%% [%d/%d]\n\n", nseconds, total_correct * 100.0f / total_test_examples, total_correct, total_test_examples);

	return 0;
}
