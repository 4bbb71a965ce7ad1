#pragma once
#include <torch/torch.h>

// Four conv blocks and two fully connected layers (input 3 x 16 x 16, 'same'
// padding, so the last block leaves 128 x 1 x 1).
class ConvNetImpl : public torch::nn::Module {
public:
	explicit ConvNetImpl(int64_t num_classes);
	torch::Tensor forward(torch::Tensor x);

private:

	torch::nn::Sequential layer1{
		torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 32, 5).padding(2)),
		torch::nn::BatchNorm2d(32),
		torch::nn::ReLU(),
		torch::nn::MaxPool2d(torch::nn::MaxPool2dOptions(2))
	};

	torch::nn::Sequential layer2{
		torch::nn::Conv2d(torch::nn::Conv2dOptions(32, 64, 5).padding(2)),
		torch::nn::BatchNorm2d(64),
		torch::nn::ReLU(),
		torch::nn::MaxPool2d(torch::nn::MaxPool2dOptions(2))
	};

	torch::nn::Sequential layer3{
		torch::nn::Conv2d(torch::nn::Conv2dOptions(64, 128, 5).padding(2)),
		torch::nn::BatchNorm2d(128),
		torch::nn::ReLU(),
		torch::nn::MaxPool2d(torch::nn::MaxPool2dOptions(2))
	};

	torch::nn::Sequential layer4{
		torch::nn::Conv2d(torch::nn::Conv2dOptions(128, 128, 5).padding(2)),
		torch::nn::BatchNorm2d(128),
		torch::nn::ReLU(),
		torch::nn::MaxPool2d(torch::nn::MaxPool2dOptions(2))
	};

	torch::nn::Linear fc1 = torch::nn::Linear(128 * 1 * 1, 50);
	torch::nn::Linear fc2;
};

TORCH_MODULE(ConvNet);
