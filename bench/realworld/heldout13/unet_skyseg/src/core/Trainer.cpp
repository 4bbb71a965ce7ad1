#include "core/Trainer.h"

#include <iostream>

Trainer::Trainer(const Settings& sets, std::shared_ptr<AbstractModel> model) :
	sets(sets),
	model(model)
{
}

double Trainer::Run(const std::vector<DataLoaderData>& trainBatches)
{
	auto optimizer = model->GetOptimizer();
	double lastLoss = 0.0;

	for (int epoch = 0; epoch < sets.epochCount; epoch++)
	{
		model->train();
		double epochLoss = 0.0;
		for (const auto& b : trainBatches)
		{
			DataLoaderData batch{ b.input.to(sets.device), b.target.to(sets.device) };

			optimizer->zero_grad();
			auto output = model->RunForward(batch);
			auto loss = sets.lossFn(output, batch.target);
			loss.backward();
			optimizer->step();

			lastLoss = loss.item<double>();
			epochLoss += lastLoss;
		}
		std::cout << "Epoch " << epoch << ", " << model->GetName() << " train loss: "
			<< epochLoss / static_cast<double>(trainBatches.size()) << std::endl;
	}
	return lastLoss;
}

double Trainer::Evaluate(const std::vector<DataLoaderData>& testBatches)
{
	torch::NoGradGuard noGrad;
	model->eval();
	double iouSum = 0.0;
	int64_t count = 0;
	for (const auto& b : testBatches)
	{
		DataLoaderData batch{ b.input.to(sets.device), b.target.to(sets.device) };
		auto output = model->RunForward(batch);
		auto pred = (torch::sigmoid(output[0]) > 0.5).to(torch::kFloat);
		auto inter = (pred * batch.target).sum({ 1, 2, 3 });
		auto uni = ((pred + batch.target) > 0.5).to(torch::kFloat).sum({ 1, 2, 3 });
		auto iou = inter / uni.clamp_min(1.0);
		iouSum += iou.sum().item<double>();
		count += iou.size(0);
	}
	model->train();
	return count == 0 ? 0.0 : iouSum / static_cast<double>(count);
}
