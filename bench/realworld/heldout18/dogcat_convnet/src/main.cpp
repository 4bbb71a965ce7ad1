#include <torch/torch.h>

#include <map>
#include <algorithm>
#include <random>
#include <sstream>
#include <vector>
#include <tuple>
#include <iostream>
#include <iomanip>

#include "convnet.h"
#include "dataset.h"
#include "train.h"

int main()
{
	torch::manual_seed(0);

	// Device
	bool cuda_available = torch::cuda::is_available();
	torch::Device device(cuda_available ? torch::kCUDA : torch::kCPU);
	std::cout << (cuda_available ? "CUDA available. Training on GPU." : "Training on CPU.") << '\n';

	std::string data_path = "synthetic://dogcat/train";  // data root
	std::vector<std::string> name_classes = { "dog", "cat" };

	// Hyperparameters
	const int NUM_IMAGES = 1920;					// 960 -cat, 960 -dog
	const int NUM_IMAGES_TEST = 400;				// 400 images test
	const int NUM_CLASSES = name_classes.size();	// 2
	const int INPUT_SIZE = 16;						// 16 -w, 16 -h
	const int BATCH_SIZE = 32;
	const double LEARING_RATE = 0.001;
	const size_t NUM_EPOCHS = 2;
	const bool IS_TRAIN = true;						// 

	// Neural Network model
	ConvNet model(NUM_CLASSES);
	model->to(device);
	std::cout << std::endl << model << std::endl << std::endl;

	double accuracy_before = evaluate(model, device, INPUT_SIZE, NUM_IMAGES_TEST);
	double last_loss = 0.0;

	if (IS_TRAIN)
	{
		model->train();

		auto datasets = Dataset(data_path, name_classes, INPUT_SIZE, NUM_IMAGES)
			.map(torch::data::transforms::Normalize<>({ 0.5, 0.5, 0.5 }, { 0.5, 0.5, 0.5 }))
			.map(torch::data::transforms::Stack<>());
		// Number of samples in the training set
		int num_train_samples = datasets.size().value();
		int num_inters = num_train_samples / BATCH_SIZE;
		std::cout << "[INFO] num train samples : " << num_train_samples << std::endl;

		// Data loader
		auto data_loader = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(std::move(datasets), BATCH_SIZE);

		// Optimizer
		torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(LEARING_RATE));
		// Set floating point output precision
		std::cout << std::fixed << std::setprecision(3);
		std::cout << "[INFO] Training...\n";

		// Train the model
		for (size_t epoch = 0; epoch != NUM_EPOCHS; ++epoch) {
			// Initialize running metrics
			double running_loss = 0.0;
			size_t num_correct = 0;
			int iter = 0;
			for (auto& batch : *data_loader) {
				auto data = batch.data.to(device);
				auto target = batch.target.squeeze().to(device);
				// Forward pass
				auto output = model->forward(data);
				auto loss = torch::nn::functional::cross_entropy(output, target);
				//auto loss = torch::nll_loss(output.squeeze(), target);
				// Update running loss
				running_loss += loss.item<double>() * data.size(0);
				last_loss = loss.item<double>();

				// Calculate prediction
				auto prediction = output.argmax(1);
				// Update number of correctly classified samples
				size_t n_correct = prediction.eq(target).sum().item<int64_t>();
				num_correct += n_correct;

				auto n_accuracy = static_cast<double>(n_correct) / data.size(0);

				if (iter % 20 == 0) {
					std::cout << "Epoch [" << (epoch + 1) << "/" << NUM_EPOCHS << "][" << iter << "/" << num_inters
						<< "], Loss = " << loss.item<double>() << ", Accuracy: " << n_accuracy << std::endl;
				}
				iter += 1;

				// Backward and optimize
				optimizer.zero_grad();
				loss.backward();
				optimizer.step();
			}

			auto sample_mean_loss = running_loss / num_train_samples;
			auto accuracy = static_cast<double>(num_correct) / num_train_samples;

			std::cout << "\nEpoch [" << (epoch + 1) << "/" << NUM_EPOCHS << "], Trainset - Loss: "
				<< sample_mean_loss << ", Accuracy: " << accuracy << "\n\n";
		}

		// Fine-tune with accumulated gradients
		std::cout << "[INFO] Fine-tuning..." << std::endl;
		model = train(model, device, 1, BATCH_SIZE / 2, LEARING_RATE * 5);
	}

	// Test model
	std::cout << "[INFO] Testing model..." << std::endl;
	double accuracy_after = evaluate(model, device, INPUT_SIZE, NUM_IMAGES_TEST);

	std::cout << std::setprecision(6);
	std::cout << "final loss: " << last_loss << std::endl;
	std::cout << "test accuracy (" << NUM_IMAGES_TEST << " images): " << accuracy_before << " -> " << accuracy_after << std::endl;

	return 0;
}
