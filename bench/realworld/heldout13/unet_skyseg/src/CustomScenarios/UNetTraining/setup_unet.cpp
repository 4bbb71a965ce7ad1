#include "CustomScenarios/UNetTraining/setup_unet.h"

#include <iostream>
#include <memory>
#include <vector>

#include "core/Modules/LossFunctions/BceDiceLoss.h"
#include "core/Settings.h"
#include "core/Structures.h"
#include "core/Trainer.h"
#include "InputProcessing/DataLoaderData.h"
#include "ModelZoo/UNet/UNetModel.h"

namespace
{
	// Synthetic Skyfinder-like scenes: a sky above a horizon of random height and slope,
	// with a bluish gradient above and textured ground below; the target is the sky mask.
	std::vector<DataLoaderData> MakeSkyBatches(const ImageSize& imSize, int count, int batchSize)
	{
		std::vector<DataLoaderData> batches;
		auto ys = torch::linspace(0.0, 1.0, imSize.height).view({ 1, imSize.height, 1 });
		auto xs = torch::linspace(-0.5, 0.5, imSize.width).view({ 1, 1, imSize.width });
		for (int start = 0; start < count; start += batchSize)
		{
			const int n = std::min(batchSize, count - start);
			auto horizon = 0.3 + 0.4 * torch::rand({ n, 1, 1 });
			auto slope = 0.3 * (torch::rand({ n, 1, 1 }) - 0.5);
			auto sky = (ys < horizon + slope * xs).to(torch::kFloat);  // [n, H, W]

			auto skyColor = torch::stack({ 0.3 + 0.2 * ys.expand({ n, -1, imSize.width }),
				0.5 + 0.2 * ys.expand({ n, -1, imSize.width }),
				0.9 - 0.1 * ys.expand({ n, -1, imSize.width }) }, 1);
			auto ground = 0.35 * torch::rand({ n, 1, 1, 1 }) + 0.25 * torch::rand({ n, 3, imSize.height, imSize.width });
			auto mask = sky.unsqueeze(1);
			auto image = mask * skyColor + (1.0 - mask) * ground + 0.05 * torch::randn({ n, 3, imSize.height, imSize.width });
			batches.push_back({ image, mask });
		}
		return batches;
	}
}

namespace CustomScenarios::UNetTraining
{
	void setup(int argc, char** argv)
	{
		(void)argc;
		(void)argv;

		static BceDiceLoss bceLoss;

		Settings sets;
		sets.numWorkers = 0;
		sets.device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
		sets.batchSize = 8;
		sets.epochCount = 8;
		sets.lossFn = [&](const auto& output, const auto& targets) {
			return bceLoss(output[0], targets);
		};

		ImageSize imSize(3, 32, 32);
		ImageSize outSize(1, imSize.width, imSize.height);

		auto trainBatches = MakeSkyBatches(imSize, 200, sets.batchSize);
		auto testBatches = MakeSkyBatches(imSize, 64, sets.batchSize);

		auto m = std::make_shared<ModelZoo::unet::UNetModel>(imSize, outSize,
			std::vector<int>{ 20, 40, 80 }, std::vector<int>{ 80, 40, 20 });
		m->to(sets.device);

		m->CreateOptimizer<torch::optim::Adam>(torch::optim::AdamOptions(0.002));

		Trainer trainer(sets, m);
		const double untrainedIou = trainer.Evaluate(testBatches);
		const double finalLoss = trainer.Run(trainBatches);
		const double iou = trainer.Evaluate(testBatches);

		std::cout << "final loss: " << finalLoss << std::endl;
		std::cout << "test IoU: " << iou << " (untrained " << untrainedIou << ")" << std::endl;
	}
}
