#include "resnet.h"

#include <utility>

namespace _resnetimpl {
torch::nn::Conv2d conv3x3(
	int64_t in,
	int64_t out,
	int64_t stride,
	int64_t groups,
	int64_t dilation) {
	torch::nn::Conv2dOptions O(in, out, 3);
	O.padding(dilation).stride(stride).groups(groups).bias(false).dilation(dilation);
	return torch::nn::Conv2d(O);
}

torch::nn::Conv2d conv1x1(int64_t in, int64_t out, int64_t stride) {
	torch::nn::Conv2dOptions O(in, out, 1);
	O.stride(stride).bias(false);
	return torch::nn::Conv2d(O);
}

int BasicBlock::expansion = 1;

BasicBlock::BasicBlock(
	int64_t inplanes,
	int64_t planes,
	int64_t stride,
	torch::nn::Sequential downsample,
	int64_t dilation)
	: stride(stride), downsample(downsample) {
	// Both conv1 and downsample layers downsample the input when stride != 1
	conv1 = conv3x3(inplanes, planes, stride, 1, dilation);
	conv2 = conv3x3(planes, planes, 1, 1, dilation);

	bn1 = torch::nn::BatchNorm2d(planes);
	bn2 = torch::nn::BatchNorm2d(planes);

	register_module("conv1", conv1);
	register_module("conv2", conv2);

	register_module("bn1", bn1);
	register_module("bn2", bn2);

	if (!downsample.is_empty())
		register_module("downsample", this->downsample);
}

torch::Tensor BasicBlock::forward(torch::Tensor x) {
	auto identity = x;

	auto out = conv1->forward(x);
	out = bn1->forward(out).relu_();

	out = conv2->forward(out);
	out = bn2->forward(out);

	if (!downsample.is_empty())
		identity = downsample->forward(x);

	out += identity;
	return out.relu_();
}
} // namespace _resnetimpl

ResNetImpl::ResNetImpl(const std::vector<int> &layers) {
	conv1 = register_module("conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, inplanes, 3).padding(1).bias(false)));
	bn1 = register_module("bn1", torch::nn::BatchNorm2d(inplanes));
	layer1 = register_module("layer1", _make_layer(16, layers[0]));
	layer2 = register_module("layer2", _make_layer(32, layers[1], 2));
	layer3 = register_module("layer3", _make_layer(64, layers[2], 2));
	layer4 = register_module("layer4", _make_layer(64, layers[3], 2, true));

	for (auto &module : modules(false)) {
		if (auto *conv = module->as<torch::nn::Conv2dImpl>()) {
			torch::nn::init::kaiming_normal_(conv->weight, 0, torch::kFanOut, torch::kReLU);
		}
	}
}

torch::nn::Sequential ResNetImpl::_make_layer(int64_t planes, int64_t blocks, int64_t stride, bool dilate) {
	torch::nn::Sequential downsample = nullptr;
	int64_t previous_dilation = dilation;
	if (dilate) {
		dilation *= stride;
		stride = 1;
	}
	if (stride != 1 || inplanes != planes * _resnetimpl::BasicBlock::expansion) {
		downsample = torch::nn::Sequential(
			_resnetimpl::conv1x1(inplanes, planes * _resnetimpl::BasicBlock::expansion, stride),
			torch::nn::BatchNorm2d(planes * _resnetimpl::BasicBlock::expansion));
	}

	torch::nn::Sequential layers;
	layers->push_back(_resnetimpl::BasicBlock(inplanes, planes, stride, downsample, previous_dilation));
	inplanes = planes * _resnetimpl::BasicBlock::expansion;
	for (int64_t i = 1; i < blocks; ++i)
		layers->push_back(_resnetimpl::BasicBlock(inplanes, planes, 1, nullptr, dilation));

	return layers;
}

torch::Tensor ResNetImpl::forward(torch::Tensor x) {
	x = bn1->forward(conv1->forward(x)).relu_();
	x = layer1->forward(x);
	x = layer2->forward(x);
	x = layer3->forward(x);
	return layer4->forward(x);
}

IntermediateLayerGetterImpl::IntermediateLayerGetterImpl(ResNet backbone, std::vector<std::string> return_layers)
	: backbone(std::move(backbone)), return_layers(std::move(return_layers)) {
	register_module("backbone", this->backbone);
}

std::vector<torch::Tensor> IntermediateLayerGetterImpl::forward(torch::Tensor x) {
	std::vector<torch::Tensor> outputs;
	x = backbone->bn1->forward(backbone->conv1->forward(x)).relu_();
	std::pair<const char *, torch::nn::Sequential> stages[] = {
		{"layer1", backbone->layer1}, {"layer2", backbone->layer2},
		{"layer3", backbone->layer3}, {"layer4", backbone->layer4}};
	for (auto &stage : stages) {
		x = stage.second->forward(x);
		for (const auto &name : return_layers)
			if (name == stage.first)
				outputs.push_back(x);
	}
	return outputs;
}
