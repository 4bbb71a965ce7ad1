// DCGAN generator and discriminator for 28x28 MNIST digits.
#pragma once

#include <torch/torch.h>

struct GeneratorImpl : torch::nn::Module {
    explicit GeneratorImpl(int64_t noise_size);

    torch::Tensor forward(torch::Tensor x);

    torch::nn::ConvTranspose2d conv1, conv2, conv3, conv4;
    torch::nn::BatchNorm2d batch_norm1, batch_norm2, batch_norm3;
};

TORCH_MODULE(Generator);

// Discriminator: strided convolutions down to one probability per image.
torch::nn::Sequential make_discriminator(int64_t base_channels);
