#ifndef UNET_H
#define UNET_H
#include "ResNet.h"
#include "UNetDecoder.h"

class UNetImpl : public torch::nn::Module {
public:
	UNetImpl(int num_classes, int encoder_depth = 4, std::vector<int> decoder_channels = { 96, 48, 40, 20 },
		bool use_attention = true);
	torch::Tensor forward(torch::Tensor x);
private:
	ResNet encoder{ nullptr };
	UNetDecoder decoder{ nullptr };
	SegmentationHead segmentation_head{ nullptr };
	int num_classes = 1;
};
TORCH_MODULE(UNet);

#endif // UNET_H
