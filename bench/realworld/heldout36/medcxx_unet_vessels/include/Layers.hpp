#pragma once

#include <torch/torch.h>
#include <string>

// Double convolution: two 3x3 conv layers with ReLU (Used in UNet)
class DoubleConvImpl : public torch::nn::Module {
public:
    DoubleConvImpl(int inChannels, int outChannels);
    torch::Tensor forward(torch::Tensor x);

private:
    torch::nn::Conv2d conv1{nullptr}, conv2{nullptr};
};
TORCH_MODULE(DoubleConv);

// Down-sampling block: MaxPool2d then DoubleConv (Used in UNet)
class DownImpl : public torch::nn::Module {
public:
    DownImpl(int inChannels, int outChannels);
    torch::Tensor forward(torch::Tensor x);

private:
    torch::nn::MaxPool2d pool{nullptr};
    DoubleConv conv{nullptr};
};
TORCH_MODULE(Down);

// Up-sampling block: ConvTranspose2d then DoubleConv with skip connection (Used in UNet)
class UpImpl : public torch::nn::Module {
public:
    UpImpl(int inChannels, int outChannels);
    torch::Tensor forward_(torch::Tensor x1, torch::Tensor x2);

private:
    torch::nn::ConvTranspose2d up{nullptr};
    DoubleConv conv{nullptr};
};
TORCH_MODULE(Up);

// Final 1x1 convolution to map to output channels (Used in UNet)
class OutConvImpl : public torch::nn::Module {
public:
    OutConvImpl(int inChannels, int outChannels);
    torch::Tensor forward(torch::Tensor x);

private:
    torch::nn::Conv2d conv{nullptr};
};
TORCH_MODULE(OutConv);
