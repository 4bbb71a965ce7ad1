#pragma once
#include <torch/torch.h>

struct DCGANGeneratorImpl : torch::nn::Module
{
  DCGANGeneratorImpl(int kNoiseSize);
  torch::Tensor forward(torch::Tensor x);

  torch::nn::ConvTranspose2d conv1, conv2, conv3, conv4;
  torch::nn::BatchNorm2d batch_norm1, batch_norm2, batch_norm3;
};
TORCH_MODULE(DCGANGenerator);

struct DiscriminatorImpl : torch::nn::Module
{
  DiscriminatorImpl();
  torch::Tensor forward(torch::Tensor x);

  torch::nn::Conv2d conv1, conv2, conv3, conv4;
  torch::nn::BatchNorm2d batch_norm1, batch_norm2;
};
TORCH_MODULE(Discriminator);
