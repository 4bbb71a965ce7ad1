#include "YOLOv4.h"

YOLOv4Impl::YOLOv4Impl(CSPDarknet backbone, int num_classes) : num_classes(num_classes), backbone(backbone)
{
	register_module("backbone", this->backbone);
	neck = register_module("neck", conv_bn_mish(CSPDarknetImpl::kStageChannels.back(), 128, 3, 1));
	pred = register_module("pred", torch::nn::Conv2d(torch::nn::Conv2dOptions(128, kNumAnchors * (5 + num_classes), 1)));
}

std::vector<torch::Tensor> YOLOv4Impl::forward(torch::Tensor x)
{
	auto feat = neck->forward(backbone->forward(x));
	auto p = pred->forward(feat);                       // [B, A * (5 + C), G, G]
	const auto B = p.size(0);
	const auto G = p.size(2);
	p = p.view({ B, kNumAnchors, 5 + num_classes, G, G }).permute({ 0, 3, 4, 1, 2 }).contiguous();
	return std::vector<torch::Tensor>({ p });           // [B, G, G, A, 5 + C]
}
