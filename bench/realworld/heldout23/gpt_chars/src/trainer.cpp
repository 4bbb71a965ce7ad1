#include "trainer.h"

#include "hyper.h"

float trainStep(CppGPT& model, torch::optim::AdamW& adam, torch::data::Example<>& batch, torch::DeviceType device)
{
	torch::Tensor logits = model.forward(batch.data.to(device));
	torch::Tensor loss = model.loss(logits, batch.target.to(device));

	adam.zero_grad();
	loss.backward();
	torch::nn::utils::clip_grad_norm_(model.parameters(), 1.0);
	adam.step();
	return loss.item<float>();
}

std::pair<double, double> evaluate(CppGPT& model, const EncodedString& encoded, torch::DeviceType device)
{
	torch::NoGradGuard noGrad{};
	model.eval();
	std::vector<torch::Tensor> inputs;
	std::vector<torch::Tensor> targets;
	for (size_t start = 0; start + contextMaxSize + 1 < encoded.size(); start += contextMaxSize)
	{
		std::vector<int64_t> in(encoded.begin() + start, encoded.begin() + start + contextMaxSize);
		std::vector<int64_t> out(encoded.begin() + start + 1, encoded.begin() + start + 1 + contextMaxSize);
		inputs.push_back(torch::tensor(in, torch::kLong));
		targets.push_back(torch::tensor(out, torch::kLong));
	}
	torch::Tensor x = torch::stack(inputs).to(device);
	torch::Tensor y = torch::stack(targets).to(device);
	torch::Tensor logits = model.forward(x);
	const double lossVal = model.loss(logits, y).item<double>();
	const double accuracy = logits.argmax(1).eq(y).to(torch::kFloat).mean().item<double>();
	model.train();
	return {lossVal, accuracy};
}
