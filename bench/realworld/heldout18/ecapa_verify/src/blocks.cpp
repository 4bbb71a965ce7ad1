#include "Conv1dReluBn.h"
#include "Res2Conv1dReluBn.h"
#include "SE_Connect.h"
#include "SE_Res2Block.h"

#include <vector>

Conv1dReluBn::Conv1dReluBn(int64_t in_channels, int64_t out_channels, int64_t kernel_size, int64_t stride, int64_t padding, int64_t dilation, bool bias)
{
	conv = this->register_module("conv", torch::nn::Conv1d(
		torch::nn::Conv1dOptions(in_channels, out_channels, kernel_size)
		.stride(stride)
		.padding(padding)
		.dilation(dilation)
		.bias(bias)));
	bn = this->register_module("bn", torch::nn::BatchNorm1d(out_channels));
}

torch::Tensor Conv1dReluBn::forward(torch::Tensor x)
{
	return bn->forward(torch::relu(conv->forward(x)));
}

Res2Conv1dReluBn::Res2Conv1dReluBn(int64_t channels, int64_t kernel_size, int64_t stride, int64_t padding, int64_t dilation, bool bias, int64_t scale)
	: scale_(scale), width_(channels / scale), nums_(scale == 1 ? scale : scale - 1)
{
	TORCH_CHECK(channels % scale == 0, channels, " % ", scale, " != 0");

	for (int i = 0; i < nums_; i++)
	{
		convs_->push_back(torch::nn::Conv1d(
			torch::nn::Conv1dOptions(width_, width_, kernel_size)
			.stride(stride)
			.padding(padding)
			.dilation(dilation)
			.bias(bias)));
		bns_->push_back(torch::nn::BatchNorm1d(width_));
	}
	convs_ = this->register_module("convs", convs_);
	bns_ = this->register_module("bns", bns_);
}

torch::Tensor Res2Conv1dReluBn::forward(torch::Tensor x)
{
	std::vector<torch::Tensor> spx = torch::split(x, width_, 1);
	std::vector<torch::Tensor> out;
	torch::Tensor sp;

	for (int i = 0; i < nums_; i++)
	{
		if (i == 0)
		{
			sp = spx[i];
		}
		else
		{
			sp = sp + spx[i];
		}
		auto conv = std::dynamic_pointer_cast<torch::nn::Conv1dImpl>(convs_->ptr(i));  // the concrete module
		auto bn = std::dynamic_pointer_cast<torch::nn::BatchNorm1dImpl>(bns_->ptr(i));
		sp = conv->forward(sp);  // explicit forward call
		sp = bn->forward(torch::relu(sp));
		out.push_back(sp);
	}

	if (scale_ != 1)
	{
		out.push_back(spx[nums_]);
	}

	return torch::cat(out, 1);
}

SE_Connect::SE_Connect(int64_t channels, int64_t s)
{
	TORCH_CHECK(channels % s == 0, channels, " % ", s, " != 0");
	linear1 = register_module("linear1", torch::nn::Linear(channels, channels / s));
	linear2 = register_module("linear2", torch::nn::Linear(channels / s, channels));
}

torch::Tensor SE_Connect::forward(torch::Tensor x)
{
	auto out = x.mean(2);
	out = torch::relu(linear1->forward(out));
	out = torch::sigmoid(linear2->forward(out));
	return x * out.unsqueeze(2);
}

SE_Res2Block::SE_Res2Block(int64_t channels, int64_t kernel_size, int64_t stride, int64_t padding, int64_t dilation, int64_t scale)
{
	conv1 = this->register_module("conv1", std::make_shared<Conv1dReluBn>(channels, channels, 1, 1, 0));
	res2conv = this->register_module("res2conv", std::make_shared<Res2Conv1dReluBn>(
		channels, kernel_size, stride, padding, dilation, false, scale));
	conv2 = this->register_module("conv2", std::make_shared<Conv1dReluBn>(channels, channels, 1, 1, 0));
	se = this->register_module("se", std::make_shared<SE_Connect>(channels));
}

torch::Tensor SE_Res2Block::forward(torch::Tensor x)
{
	auto out = conv1->forward(x);
	out = res2conv->forward(out);
	out = conv2->forward(out);
	return se->forward(out);
}
