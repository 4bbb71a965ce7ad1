// A GAN whose discriminator is a Sequential ending in a Sigmoid (pytorch-cpp's GAN tutorial shape).
#pragma once

#include <torch/torch.h>

torch::nn::Sequential make_generator(int64_t latent_size, int64_t hidden_size, int64_t image_size);
torch::nn::Sequential make_discriminator(int64_t image_size, int64_t hidden_size);
