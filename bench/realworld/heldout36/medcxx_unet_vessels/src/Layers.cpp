#include "Layers.hpp"

DoubleConvImpl::DoubleConvImpl(int inChannels, int outChannels) {
    conv1 = register_module("conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(inChannels, outChannels, 3).padding(1)));
    conv2 = register_module("conv2", torch::nn::Conv2d(torch::nn::Conv2dOptions(outChannels, outChannels, 3).padding(1)));
}

torch::Tensor DoubleConvImpl::forward(torch::Tensor x) {
    x = torch::relu(conv1->forward(x));
    x = torch::relu(conv2->forward(x));
    return x;
}

DownImpl::DownImpl(int inChannels, int outChannels) {
    pool = register_module("pool", torch::nn::MaxPool2d(2));
    conv = register_module("conv", DoubleConv(inChannels, outChannels));
}

torch::Tensor DownImpl::forward(torch::Tensor x) {
    x = pool->forward(x);
    return conv->forward(x);
}

UpImpl::UpImpl(int inChannels, int outChannels) {
    up = register_module("up", torch::nn::ConvTranspose2d(torch::nn::ConvTranspose2dOptions(inChannels, inChannels / 2, 2).stride(2)));
    conv = register_module("conv", DoubleConv(inChannels, outChannels));
}

torch::Tensor UpImpl::forward_(torch::Tensor x1, torch::Tensor x2) {
    x1 = up->forward(x1);
    auto diffY = x2.size(2) - x1.size(2);
    auto diffX = x2.size(3) - x1.size(3);
    x1 = torch::constant_pad_nd(x1, {diffX / 2, diffX - diffX / 2, diffY / 2, diffY - diffY / 2});
    auto x = torch::cat({x2, x1}, 1);
    return conv->forward(x);
}

OutConvImpl::OutConvImpl(int inChannels, int outChannels) {
    conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(inChannels, outChannels, 1)));
}

torch::Tensor OutConvImpl::forward(torch::Tensor x) {
    return conv->forward(x);
}
