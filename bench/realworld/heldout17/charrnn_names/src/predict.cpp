#include "predict.hpp"

#include <iostream>

#include "data.hpp"
#include "tools.hpp"

namespace {

// Runs the RNN over a padded batch; returns the log-probabilities at each
// name's last letter and the gender logits of the pooled hidden states.
std::pair<torch::Tensor, torch::Tensor> run(RNN &rnn, torch::Device device, const std::vector<std::string> &lines)
{
	torch::Tensor lengths;
	torch::Tensor x = linesToTensor(lines, lengths).to(device);
	lengths = lengths.to(device);
	torch::Tensor hidden = rnn.initHidden(x.size(1)).to(device);
	torch::Tensor last_output;
	std::vector<torch::Tensor> states;
	for (int64_t i = 0; i < x.size(0); ++i)
	{
		auto ret = rnn.forward(x[i], hidden);
		hidden = std::get<1>(ret);
		states.push_back(hidden);
		auto is_last = (lengths == i + 1).unsqueeze(1);
		last_output = i == 0 ? std::get<0>(ret) : torch::where(is_last, std::get<0>(ret), last_output);
	}
	auto steps = torch::arange(x.size(0), lengths.options()).view({ -1, 1, 1 });
	auto pooled = masked_max_pool(torch::stack(states, 0), steps >= lengths.view({ 1, -1, 1 }));
	return { last_output, rnn.gender(pooled).squeeze(1) };
}

}  // namespace

void predict(const std::string &line, int n_predictions, RNN &rnn, torch::Device device)
{
	torch::NoGradGuard no_grad;
	rnn.eval();
	auto out = run(rnn, device, { line });
	auto top = out.first.topk(n_predictions);
	std::cout << "> " << line << std::endl;
	for (int i = 0; i < n_predictions; ++i)
	{
		const float value = std::get<0>(top)[0][i].item<float>();
		const int index = std::get<1>(top)[0][i].item<int>();
		std::cout << "(" << value << ") " << FindListElem(gAllCategorysList, index) << std::endl;
	}
	rnn.train(true);
}

std::pair<float, float> evaluate(RNN &rnn, torch::Device device, const std::vector<std::string> &lines,
								 const std::vector<int> &categories, const std::vector<int> &genders)
{
	torch::NoGradGuard no_grad;
	rnn.eval();
	auto out = run(rnn, device, lines);
	auto cats = torch::tensor(std::vector<int64_t>(categories.begin(), categories.end())).to(device);
	auto gens = torch::tensor(std::vector<int64_t>(genders.begin(), genders.end())).to(device);
	const float lang_acc = out.first.argmax(1).eq(cats).to(torch::kFloat).mean().item<float>();
	const float gender_acc = (out.second > 0).to(torch::kLong).eq(gens).to(torch::kFloat).mean().item<float>();
	rnn.train(true);
	return { lang_acc, gender_acc };
}
