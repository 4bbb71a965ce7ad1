#include <torch/torch.h>

#include <iostream>
#include <string>

#include "hyper.h"
#include "model.h"
#include "text_data.h"
#include "trainer.h"

int main()
{
	torch::manual_seed(5);

	CharEncoder encoder{};
	const std::string trainText = makeDialogue(11, 500);
	const std::string valText = makeDialogue(12, 60);
	encoder.GenerateEncodings(trainText + valText);

	auto trainSet = TextDataSet(encoder.Encode(trainText), contextMaxSize).map(torch::data::transforms::Stack<>());
	auto dataLoaderTraining = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(
		std::move(trainSet), torch::data::DataLoaderOptions().batch_size(batchSize));
	const EncodedString valEncoded = encoder.Encode(valText);

	CppGPT model{encoder.UniqueTokenCount()};
	torch::DeviceType device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
	model.to(device);
	torch::optim::AdamW adam{model.parameters(), torch::optim::AdamWOptions(1e-3)};

	const auto before = evaluate(model, valEncoded, device);
	std::cout << "vocabulary: " << encoder.UniqueTokenCount() << " characters" << std::endl;
	std::cout << "untrained: validation loss " << before.first << ", next-char accuracy " << before.second << std::endl;

	constexpr int kMaxSteps = 150;
	int step = 0;
	float lastLoss = 0.0f;
	double windowLoss = 0.0;
	int windowCount = 0;
	for (uint32_t epoch = 0; epoch < 2 && step < kMaxSteps; epoch++)
	{
		for (auto& batch : *dataLoaderTraining)
		{
			lastLoss = trainStep(model, adam, batch, device);
			step++;
			windowLoss += lastLoss;
			windowCount++;
			if (step % 50 == 0)
			{
				std::cout << " epoch " << epoch << " - step " << step << " - mean loss " << windowLoss / windowCount << std::endl;
				windowLoss = 0.0;
				windowCount = 0;
			}
			if (step >= kMaxSteps)
			{
				break;
			}
		}
	}

	const auto after = evaluate(model, valEncoded, device);
	const std::string prompt{"Thomas: "};
	EncodedString input = encoder.Encode(prompt);
	std::vector<int64_t> promptIds(input.begin(), input.end());
	torch::Tensor generated = model.generate(torch::tensor(promptIds, torch::kLong).to(device), 40).to(torch::kCPU);
	EncodedString resultString{};
	for (int64_t i = 0; i < generated.size(0); i++)
	{
		resultString.push_back(static_cast<int32_t>(generated[i].item<int64_t>()));
	}
	std::cout << "generated: " << encoder.Decode(resultString) << std::endl;
	std::cout << "optimizer steps: " << step << std::endl;
	std::cout << "final loss: " << lastLoss << std::endl;
	std::cout << "test: validation loss " << after.first << ", next-char accuracy " << before.second << " -> " << after.second << std::endl;
	return 0;
}
