#include "CSPDarknet.h"

namespace {
struct MishImpl : torch::nn::Module {
	torch::Tensor forward(torch::Tensor x) { return x * torch::tanh(torch::softplus(x)); }
};
TORCH_MODULE(Mish);
}

torch::nn::Sequential conv_bn_mish(int64_t in_channels, int64_t out_channels, int64_t kernel, int64_t stride)
{
	torch::nn::Sequential seq;
	seq->push_back(torch::nn::Conv2d(torch::nn::Conv2dOptions(in_channels, out_channels, kernel).stride(stride).padding(kernel / 2).bias(false)));
	seq->push_back(torch::nn::BatchNorm2d(out_channels));
	seq->push_back(Mish());
	return seq;
}

CSPBlockImpl::CSPBlockImpl(int64_t in_channels, int64_t out_channels, int64_t stride)
{
	down = register_module("down", conv_bn_mish(in_channels, out_channels, 3, stride));
	part1 = register_module("part1", conv_bn_mish(out_channels, out_channels / 2, 1, 1));
	part2 = register_module("part2", conv_bn_mish(out_channels, out_channels / 2, 1, 1));
	res = register_module("res", conv_bn_mish(out_channels / 2, out_channels / 2, 3, 1));
	transition = register_module("transition", conv_bn_mish(out_channels, out_channels, 1, 1));
}

torch::Tensor CSPBlockImpl::forward(torch::Tensor x)
{
	x = down->forward(x);
	auto a = part1->forward(x);
	auto b = part2->forward(x);
	b = b + res->forward(b);
	return transition->forward(torch::cat({ a, b }, 1));
}

CSPDarknetImpl::CSPDarknetImpl()
{
	stem = register_module("stem", conv_bn_mish(3, kStageChannels[0], 3, 2));
	stages = register_module("stages", torch::nn::ModuleList());
	for (size_t i = 0; i + 1 < kStageChannels.size(); ++i)
	{
		stages->push_back(CSPBlock(kStageChannels[i], kStageChannels[i + 1], kStageStrides[i]));
	}
}

torch::Tensor CSPDarknetImpl::forward(torch::Tensor x)
{
	x = stem->forward(x);
	for (auto& stage : *stages)
	{
		x = stage->as<CSPBlock>()->forward(x);
	}
	return x;
}
