#pragma once
#include <torch/torch.h>

#include <array>

// conv + batch norm + Mish, the basic block of the backbone and the neck
torch::nn::Sequential conv_bn_mish(int64_t in_channels, int64_t out_channels, int64_t kernel, int64_t stride);

class CSPBlockImpl : public torch::nn::Module {
public:
	CSPBlockImpl(int64_t in_channels, int64_t out_channels, int64_t stride);
	torch::Tensor forward(torch::Tensor x);
private:
	torch::nn::Sequential down{ nullptr }, part1{ nullptr }, part2{ nullptr }, res{ nullptr }, transition{ nullptr };
};
TORCH_MODULE(CSPBlock);

class CSPDarknetImpl : public torch::nn::Module {
public:
	static constexpr std::array<int64_t, 4> kStageChannels{ {20, 40, 80, 160} };
	static constexpr std::array<int64_t, 3> kStageStrides{ {2, 2, 1} };

	CSPDarknetImpl();
	torch::Tensor forward(torch::Tensor x);
private:
	torch::nn::Sequential stem{ nullptr };
	torch::nn::ModuleList stages{ nullptr };
};
TORCH_MODULE(CSPDarknet);
