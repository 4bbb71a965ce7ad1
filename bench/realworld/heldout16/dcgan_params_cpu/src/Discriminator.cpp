#include "Discriminator.h"

torch::nn::Sequential makeDiscriminator(double fLeakySlope){
	torch::nn::Sequential poDiscriminator(
		// Layer 1
		torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 32, 4).stride(2).padding(1).bias(false)),
		torch::nn::LeakyReLU(torch::nn::LeakyReLUOptions().negative_slope(fLeakySlope)),

		// Layer 2
		torch::nn::Conv2d(torch::nn::Conv2dOptions(32, 64, 4).stride(2).padding(1).bias(false)),
		torch::nn::BatchNorm2d(64),
		torch::nn::LeakyReLU(torch::nn::LeakyReLUOptions().negative_slope(fLeakySlope)),

		// Layer 3
		torch::nn::Conv2d(torch::nn::Conv2dOptions(64, 128, 4).stride(2).padding(1).bias(false)),
		torch::nn::BatchNorm2d(128),
		torch::nn::LeakyReLU(torch::nn::LeakyReLUOptions().negative_slope(fLeakySlope)),

		// Layer 4
		torch::nn::Conv2d(torch::nn::Conv2dOptions(128, 1, 3).stride(1).padding(0).bias(false)),
		torch::nn::Flatten(),
		torch::nn::Sigmoid() );
	return poDiscriminator;
} // End of makeDiscriminator
