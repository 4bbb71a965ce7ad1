// Q network of the car: two hidden layers and a dueling head.
#pragma once

#include <torch/torch.h>

class DqnetImpl : public torch::nn::Module
{
public:
	DqnetImpl(int32_t numStates, int32_t numActions);
	~DqnetImpl();

	torch::Tensor forward(torch::Tensor x);

	// width of the value and advantage streams
	static constexpr int32_t kStreamHidden = 12;

private:
	torch::nn::Linear m_Linear1;
	torch::nn::Linear m_Linear2;
	torch::nn::Linear m_ValueFc;
	torch::nn::Linear m_Value;
	torch::nn::Linear m_AdvFc;
	torch::nn::Linear m_Advantage;
};
TORCH_MODULE(Dqnet);
