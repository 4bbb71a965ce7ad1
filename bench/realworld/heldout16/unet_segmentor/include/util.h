#ifndef UTIL_H
#define UTIL_H
#include <torch/torch.h>

#include <vector>

struct trainTricks {
	// tricks of training: freeze the encoder for the first epochs, decay the learning rate at
	// the listed epochs, and weight the dice loss against the cross entropy
	unsigned int freeze_epochs = 0;
	std::vector<unsigned int> decay_epochs = { 0 };
	float dice_ce_ratio = 0.5;
	float horizontal_flip_prob = 0;
	float vertical_flip_prob = 0;
};

inline torch::nn::Conv2dOptions conv_options(int64_t in_planes, int64_t out_planes, int64_t kerner_size,
	int64_t stride = 1, int64_t padding = 0, bool with_bias = false) {
	torch::nn::Conv2dOptions conv_options = torch::nn::Conv2dOptions(in_planes, out_planes, kerner_size);
	conv_options.stride(stride);
	conv_options.padding(padding);
	conv_options.bias(with_bias);
	return conv_options;
}

class SegmentationHeadImpl : public torch::nn::Module {
public:
	SegmentationHeadImpl(int in_channels, int out_channels, int kernel_size = 3, double upsampling = 1) {
		conv2d = torch::nn::Conv2d(torch::nn::Conv2dOptions(in_channels, out_channels, kernel_size).padding(kernel_size / 2));
		upsampling_factor = upsampling;
		register_module("conv2d", conv2d);
	}
	torch::Tensor forward(torch::Tensor x) {
		x = conv2d->forward(x);
		if (upsampling_factor > 1) {
			x = torch::nn::functional::interpolate(x, torch::nn::functional::InterpolateFuncOptions()
				.scale_factor(std::vector<double>{ upsampling_factor, upsampling_factor }).mode(torch::kNearest));
		}
		return x;
	}
private:
	torch::nn::Conv2d conv2d{ nullptr };
	double upsampling_factor = 1;
};
TORCH_MODULE(SegmentationHead);

#endif // UTIL_H
