#pragma once

#include <torch/torch.h>

// Class definition !!!!

class PimaDiabetics : public torch::nn::Module {
public:
	PimaDiabetics(int input_size, int h1, int h2, int output_size);

	torch::Tensor forward(torch::Tensor x);

	torch::nn::Linear input{ nullptr };
	torch::nn::Linear hidden{ nullptr };
	torch::nn::Linear output{ nullptr };
};
