#ifndef _BLOCKS
#define _BLOCKS

#include <torch/torch.h>

// Generator block: ConvTranspose2d, optional BatchNorm, ReLU or Tanh for the output layer.
torch::nn::Sequential conv_block(int in_c, int out_c, int ks = 4, bool out_layer = false, int stride = 1, int padding = 1, bool bn = true);

// Discriminator block: Conv2d, optional BatchNorm, LeakyReLU or Sigmoid for the output layer.
torch::nn::Sequential disc_conv(int in_c, int out_c, int ks = 4, int stride = 2, int padding = 1, bool bn = true, bool out_layer = false);

#endif
