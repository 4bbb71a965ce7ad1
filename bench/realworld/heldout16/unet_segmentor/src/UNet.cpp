#include "UNet.h"

UNetImpl::UNetImpl(int _num_classes, int encoder_depth, std::vector<int> decoder_channels, bool use_attention) {
	num_classes = _num_classes;
	encoder = ResNet(3, 32);
	std::vector<int> encoder_channels = encoder->out_channels();
	decoder = UNetDecoder(encoder_channels, decoder_channels, encoder_depth, use_attention, false);
	segmentation_head = SegmentationHead(decoder_channels[decoder_channels.size() - 1], num_classes, 3, 1);

	register_module("encoder", encoder);
	register_module("decoder", decoder);
	register_module("segmentation_head", segmentation_head);
}

torch::Tensor UNetImpl::forward(torch::Tensor x) {
	std::vector<torch::Tensor> features = encoder->features(x);
	x = decoder->forward(features);
	x = segmentation_head->forward(x);
	return x;
}
