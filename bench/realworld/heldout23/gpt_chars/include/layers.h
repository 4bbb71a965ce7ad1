#pragma once

#include <torch/torch.h>

// The "fan out, relu, fan in" block that CppGPT.cpp leaves as a TODO after its attention.
class FeedForwardImpl : public torch::nn::Module
{
	torch::nn::Sequential m_net{nullptr};
public:
	FeedForwardImpl(int64_t dim, int64_t fan_out);
	torch::Tensor forward(torch::Tensor x);
};
TORCH_MODULE(FeedForward);
