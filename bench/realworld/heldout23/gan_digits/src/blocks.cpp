#include "blocks.h"

torch::nn::Sequential conv_block(int in_c, int out_c, int ks, bool out_layer, int stride, int padding, bool bn)
{
    torch::nn::Sequential block;

    // Add ConvTranspose2d layer
    block->push_back(torch::nn::ConvTranspose2d(torch::nn::ConvTranspose2dOptions(in_c, out_c, ks).stride(stride).padding(padding).bias(false)));

    // BatchNorm layer
    if (bn)
    {
        block->push_back(torch::nn::BatchNorm2d(out_c));
    }

    // Output layer: Tanh if it's the final layer, otherwise ReLU
    if (out_layer)
    {
        block->push_back(torch::nn::Tanh());
    }
    else
    {
        block->push_back(torch::nn::ReLU(true));
    }

    return block;
}

torch::nn::Sequential disc_conv(int in_c, int out_c, int ks, int stride, int padding, bool bn, bool out_layer)
{
    torch::nn::Sequential layers;
    layers->push_back(torch::nn::Conv2d(torch::nn::Conv2dOptions(in_c, out_c, ks).stride(stride).padding(padding).bias(false)));

    if (bn)
    {
        layers->push_back(torch::nn::BatchNorm2d(out_c));
    }
    if (out_layer)
    {
        layers->push_back(torch::nn::Sigmoid());
    }
    else
    {
        layers->push_back(torch::nn::LeakyReLU(torch::nn::LeakyReLUOptions().negative_slope(0.2).inplace(true)));
    }
    return layers;
}
