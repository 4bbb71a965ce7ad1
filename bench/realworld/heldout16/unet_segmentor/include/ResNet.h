#ifndef RESNET_H
#define RESNET_H
#include "util.h"

class BlockImpl : public torch::nn::Module {
public:
	BlockImpl(int64_t inplanes, int64_t planes, int64_t stride_ = 1,
		torch::nn::Sequential downsample_ = nullptr);
	torch::Tensor forward(torch::Tensor x);
	torch::nn::Sequential downsample{ nullptr };
private:
	torch::nn::Conv2d conv1{ nullptr };
	torch::nn::BatchNorm2d bn1{ nullptr };
	torch::nn::Conv2d conv2{ nullptr };
	torch::nn::BatchNorm2d bn2{ nullptr };
};
TORCH_MODULE(Block);

class ResNetImpl : public torch::nn::Module {
public:
	ResNetImpl(int64_t in_channels, int64_t stem_channels);
	// the input and the output of every stage, from the highest resolution to the lowest
	std::vector<torch::Tensor> features(torch::Tensor x);
	std::vector<int> out_channels() const { return channels_; }
private:
	torch::nn::Sequential _make_layer(int64_t planes, int64_t blocks, int64_t stride = 1);

	int64_t inplanes = 32;
	std::vector<int> channels_;
	torch::nn::Conv2d conv1{ nullptr };
	torch::nn::BatchNorm2d bn1{ nullptr };
	torch::nn::Sequential layer1{ nullptr };
	torch::nn::Sequential layer2{ nullptr };
	torch::nn::Sequential layer3{ nullptr };
};
TORCH_MODULE(ResNet);

#endif // RESNET_H
