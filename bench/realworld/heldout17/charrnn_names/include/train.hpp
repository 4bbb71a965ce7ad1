#ifndef _TRAIN_H
#define	_TRAIN_H

#include <torch/torch.h>

#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "model.hpp"

struct TrainingBatch
{
	torch::Tensor category_tensor;   // [B] language index
	torch::Tensor line_tensor;       // [T, B, n_letters]
	torch::Tensor lengths;           // [B]
	torch::Tensor gender_tensor;     // [B] 0 / 1
	std::vector<std::string> categories, lines;
};

TrainingBatch randomTrainingBatch(int batch, std::mt19937 &rng);

std::tuple<torch::Tensor, torch::Tensor> train(RNN &rnn, torch::Device device, torch::Tensor category_tensor,
											   torch::Tensor line_tensor, torch::Tensor lengths,
											   torch::Tensor gender_tensor, torch::optim::Optimizer &optimizer,
											   torch::nn::NLLLoss &criterion);

std::string categoryFromOutput(torch::Tensor output);

#endif // !_TRAIN_H
