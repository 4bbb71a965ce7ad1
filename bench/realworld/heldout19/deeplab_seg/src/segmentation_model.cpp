#include "segmentation_model.h"

#include "deeplabv3.h"

SegmentationModelImpl::SegmentationModelImpl()
{
	_aux = false;
}

SegmentationModelImpl::~SegmentationModelImpl()
{

}

void SegmentationModelImpl::deeplabv3_resnet_tiny(bool pretrained, int64_t num_classes, bool aux)
{
	_classifier = torch::nn::Sequential
	(
		ASPP(64, std::vector<int64_t>{ 2, 4, 6 }),
		torch::nn::Conv2d(torch::nn::Conv2dOptions(36, 36, 3).padding(1).bias(false)),
		torch::nn::BatchNorm2d(
			torch::nn::BatchNormOptions(36).eps(0.001).momentum(0.01)),
		torch::nn::Functional(torch::relu),
		torch::nn::Conv2d(torch::nn::Conv2dOptions(36, num_classes, 1))
	);

	if (aux != false)
	{
		_aux = aux;
		_aux_classifier = _make_FCNHead(64, num_classes);
	}

	ResNet Resnet(std::vector<int>{ 1, 1, 1, 1 });
	(void)pretrained; // no pretrained weights here: the backbone trains from scratch

	_backbone = IntermediateLayerGetter(IntermediateLayerGetterImpl(std::move(Resnet), { "layer3","layer4" }));

	register_module("backbone", _backbone);
	register_module("classifier", _classifier);
	if (_aux)
		register_module("aux_classifier", _aux_classifier);
}

torch::nn::Sequential SegmentationModelImpl::_make_FCNHead(int64_t in_channels, int64_t channels)
{
	int64_t inter_channels_ = in_channels / 4;

	return 	torch::nn::Sequential(
		torch::nn::Conv2d(
			torch::nn::Conv2dOptions(in_channels, inter_channels_, 3).padding(1).bias(false)),
		torch::nn::BatchNorm2d(
			torch::nn::BatchNormOptions(inter_channels_).eps(0.001).momentum(0.01)),
		torch::nn::Functional(torch::relu),
		torch::nn::Dropout(0.1),
		torch::nn::Conv2d(
			torch::nn::Conv2dOptions(inter_channels_, channels, 1)));
}

std::unordered_map<std::string, torch::Tensor> SegmentationModelImpl::forward(torch::Tensor x)
{
	std::unordered_map<std::string, torch::Tensor> result;

	int64_t h = x.size(2), w = x.size(3);

	auto feature = _backbone->forward(x);

	x = feature[1];

	x = _classifier->forward(x);
	x = torch::upsample_bilinear2d(x, { h,w }, false);
	result.insert(std::make_pair("out", x));

	if (_aux == true)
	{
		x = feature[0];
		x = _aux_classifier->forward(x);
		x = torch::upsample_bilinear2d(x, { h,w }, false);
		result.insert(std::make_pair("aux", x));
	}

	return result;
}
