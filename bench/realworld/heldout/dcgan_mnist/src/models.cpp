#include "models.h"

namespace nn = torch::nn;

GeneratorImpl::GeneratorImpl(int64_t noise_size)
    : conv1(nn::ConvTranspose2dOptions(noise_size, 256, 4).bias(false)),
      conv2(nn::ConvTranspose2dOptions(256, 128, 3).stride(2).padding(1).bias(false)),
      conv3(nn::ConvTranspose2dOptions(128, 64, 4).stride(2).padding(1).bias(false)),
      conv4(nn::ConvTranspose2dOptions(64, 1, 4).stride(2).padding(1).bias(false)),
      batch_norm1(256),
      batch_norm2(128),
      batch_norm3(64) {
    register_module("conv1", conv1);
    register_module("conv2", conv2);
    register_module("conv3", conv3);
    register_module("conv4", conv4);
    register_module("batch_norm1", batch_norm1);
    register_module("batch_norm2", batch_norm2);
    register_module("batch_norm3", batch_norm3);
}

torch::Tensor GeneratorImpl::forward(torch::Tensor x) {
    x = torch::relu(batch_norm1(conv1(x)));
    x = torch::relu(batch_norm2(conv2(x)));
    x = torch::relu(batch_norm3(conv3(x)));
    x = torch::tanh(conv4(x));
    return x;
}

nn::Sequential make_discriminator(int64_t base_channels) {
    return nn::Sequential(
        // Layer 1
        nn::Conv2d(nn::Conv2dOptions(1, base_channels, 4).stride(2).padding(1).bias(false)),
        nn::LeakyReLU(nn::LeakyReLUOptions().negative_slope(0.2)),
        // Layer 2
        nn::Conv2d(nn::Conv2dOptions(base_channels, base_channels * 2, 4).stride(2).padding(1).bias(false)),
        nn::BatchNorm2d(base_channels * 2),
        nn::LeakyReLU(nn::LeakyReLUOptions().negative_slope(0.2)),
        // Layer 3
        nn::Conv2d(nn::Conv2dOptions(base_channels * 2, base_channels * 4, 4).stride(2).padding(1).bias(false)),
        nn::BatchNorm2d(base_channels * 4),
        nn::LeakyReLU(nn::LeakyReLUOptions().negative_slope(0.2)),
        // Layer 4
        nn::Conv2d(nn::Conv2dOptions(base_channels * 4, 1, 3).stride(1).padding(0).bias(false)),
        nn::Sigmoid());
}
