#pragma once

#include <torch/torch.h>

class Net : public torch::nn::Module
{
public:
	Net(int input_dim, int hidden_dim_1, int hidden_dim_2, int sequence_len, int label_len);

	~Net(){}

	torch::Tensor forward(torch::Tensor input);

	torch::nn::GRU gru1{ nullptr };
	torch::nn::GRU gru2{ nullptr };
	torch::nn::Linear fc1{ nullptr };
};
