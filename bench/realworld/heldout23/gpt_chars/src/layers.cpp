#include "layers.h"

FeedForwardImpl::FeedForwardImpl(int64_t dim, int64_t fan_out)
{
	m_net = register_module("net", torch::nn::Sequential(
		torch::nn::Linear(dim, fan_out * dim),
		torch::nn::ReLU(),
		torch::nn::Linear(fan_out * dim, dim)));
}

torch::Tensor FeedForwardImpl::forward(torch::Tensor x)
{
	return m_net->forward(x);
}
