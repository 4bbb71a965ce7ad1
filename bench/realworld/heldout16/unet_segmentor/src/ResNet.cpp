#include "ResNet.h"

BlockImpl::BlockImpl(int64_t inplanes, int64_t planes, int64_t stride_,
	torch::nn::Sequential downsample_) {
	conv1 = torch::nn::Conv2d(conv_options(inplanes, planes, 3, stride_, 1));
	bn1 = torch::nn::BatchNorm2d(torch::nn::BatchNorm2dOptions(planes));
	conv2 = torch::nn::Conv2d(conv_options(planes, planes, 3, 1, 1));
	bn2 = torch::nn::BatchNorm2d(torch::nn::BatchNorm2dOptions(planes));
	register_module("conv1", conv1);
	register_module("bn1", bn1);
	register_module("conv2", conv2);
	register_module("bn2", bn2);
	if (!downsample_->is_empty()) {
		downsample = register_module("downsample", downsample_);
	}
}

torch::Tensor BlockImpl::forward(torch::Tensor x) {
	torch::Tensor residual = x.clone();
	x = torch::relu(bn1->forward(conv1->forward(x)));
	x = bn2->forward(conv2->forward(x));
	if (!downsample.is_empty()) {
		residual = downsample->forward(residual);
	}
	return torch::relu(x + residual);
}

ResNetImpl::ResNetImpl(int64_t in_channels, int64_t stem_channels) {
	conv1 = torch::nn::Conv2d(conv_options(in_channels, stem_channels, 3, 2, 1));
	bn1 = torch::nn::BatchNorm2d(torch::nn::BatchNorm2dOptions(stem_channels));
	inplanes = stem_channels;
	layer1 = torch::nn::Sequential(_make_layer(32, 1));
	layer2 = torch::nn::Sequential(_make_layer(48, 1, 2));
	layer3 = torch::nn::Sequential(_make_layer(100, 1, 2));
	channels_ = { static_cast<int>(in_channels), static_cast<int>(stem_channels), 32, 48, 100 };

	register_module("conv1", conv1);
	register_module("bn1", bn1);
	register_module("layer1", layer1);
	register_module("layer2", layer2);
	register_module("layer3", layer3);
}

torch::nn::Sequential ResNetImpl::_make_layer(int64_t planes, int64_t blocks, int64_t stride) {
	torch::nn::Sequential downsample;
	if (stride != 1 || inplanes != planes) {
		downsample = torch::nn::Sequential(
			torch::nn::Conv2d(conv_options(inplanes, planes, 1, stride, 0)),
			torch::nn::BatchNorm2d(planes));
	}
	torch::nn::Sequential layers;
	layers->push_back(Block(inplanes, planes, stride, downsample));
	inplanes = planes;
	for (int64_t i = 1; i < blocks; i++) {
		layers->push_back(Block(inplanes, planes, 1, torch::nn::Sequential()));
	}
	return layers;
}

std::vector<torch::Tensor> ResNetImpl::features(torch::Tensor x) {
	std::vector<torch::Tensor> features;
	features.push_back(x);
	x = torch::relu(bn1->forward(conv1->forward(x)));
	features.push_back(x);
	x = torch::max_pool2d(x, 3, 2, 1);
	x = layer1->forward(x);
	features.push_back(x);
	x = layer2->forward(x);
	features.push_back(x);
	x = layer3->forward(x);
	features.push_back(x);
	return features;
}
