#include "train.hpp"

#include "data.hpp"
#include "tools.hpp"

template<typename T>
std::string randomChoice(const T &l, std::mt19937 &rng)
{
	const int nRandElem = static_cast<int>(rng() % l.size());
	return FindListElem(l, nRandElem);
}

TrainingBatch randomTrainingBatch(int batch, std::mt19937 &rng)
{
	TrainingBatch out;
	std::vector<int64_t> cats;
	std::vector<float> genders;
	for (int b = 0; b < batch; ++b)
	{
		std::string strRandCategory = randomChoice(gAllCategorysList, rng);
		const auto &names = gMapCategoryAllLines[strRandCategory];
		auto it = names.begin();
		std::advance(it, rng() % names.size());
		out.categories.push_back(strRandCategory);
		out.lines.push_back(it->strCommonType);
		cats.push_back(FindListElemSeq(gAllCategorysList, strRandCategory));
		genders.push_back(static_cast<float>(it->nGender));
	}
	out.category_tensor = torch::tensor(cats, torch::kLong);
	out.gender_tensor = torch::tensor(genders);
	out.line_tensor = linesToTensor(out.lines, out.lengths);
	return out;
}

std::tuple<torch::Tensor, torch::Tensor> train(RNN &rnn, torch::Device device, torch::Tensor category_tensor,
											   torch::Tensor line_tensor, torch::Tensor lengths,
											   torch::Tensor gender_tensor, torch::optim::Optimizer &optimizer,
											   torch::nn::NLLLoss &criterion)
{
	rnn.to(device);
	rnn.train(true);

	category_tensor = category_tensor.to(device);
	line_tensor = line_tensor.to(device);
	lengths = lengths.to(device);
	gender_tensor = gender_tensor.to(device);

	torch::Tensor hidden = rnn.initHidden(line_tensor.size(1)).to(device);
	optimizer.zero_grad();

	int nline_tensor_size = 0;
	nline_tensor_size = line_tensor.sizes()[0];

	torch::Tensor output, last_output;
	std::vector<torch::Tensor> states;

	for (int i = 0; i < nline_tensor_size; i++)
	{
		std::tuple<torch::Tensor, torch::Tensor> ret = rnn.forward(line_tensor[i], hidden);
		output = std::get<0>(ret);
		hidden = std::get<1>(ret);
		states.push_back(hidden);
		auto is_last = (lengths == i + 1).unsqueeze(1);
		last_output = i == 0 ? output : torch::where(is_last, output, last_output);
	}

	auto steps = torch::arange(nline_tensor_size, lengths.options()).view({ -1, 1, 1 });
	auto pad_mask = steps >= lengths.view({ 1, -1, 1 });
	auto pooled = masked_max_pool(torch::stack(states, 0), pad_mask);
	auto gender_logit = rnn.gender(pooled).squeeze(1);

	auto loss = criterion(last_output, category_tensor)
		+ 0.5 * torch::binary_cross_entropy(torch::sigmoid(gender_logit), gender_tensor);
	loss.backward();

	optimizer.step();

	return { last_output, loss };
}

std::string categoryFromOutput(torch::Tensor output)
{
	std::tuple<torch::Tensor, torch::Tensor> topRet = output.topk(1);
	torch::Tensor top_i = std::get<1>(topRet);
	int category_i = top_i[0][0].item<int>();
	return FindListElem(gAllCategorysList, category_i);
}
