#pragma once
#include <torch/torch.h>

#include <vector>

class ASPPConvImpl : public torch::nn::Module {
public:
    ASPPConvImpl(int64_t in_channels, int64_t out_channels, int64_t dilation);
    ~ASPPConvImpl();

    torch::Tensor forward(const torch::Tensor &x);

private:
    torch::nn::Conv2d _conv1{nullptr};
    torch::nn::BatchNorm2d _bn1{nullptr};
    torch::nn::Functional _relu1{nullptr};
};
TORCH_MODULE(ASPPConv);

class ASPPPoolingImpl : public torch::nn::Module {
public:
    ASPPPoolingImpl(int64_t in_channels, int64_t out_channels);
    ~ASPPPoolingImpl();

    torch::Tensor forward(const torch::Tensor &x);

private:
    torch::nn::Conv2d _conv1{nullptr};
    torch::nn::BatchNorm2d _bn1{nullptr};
    torch::nn::Functional _relu1{nullptr};
};
TORCH_MODULE(ASPPPooling);

class ConvsImpl : public torch::nn::Module {
public:
    ConvsImpl(int64_t in_channels, int64_t out_channels, std::vector<int64_t> atrous_rates);
    ~ConvsImpl();

    torch::nn::Sequential _conv1{nullptr};
    ASPPConv _conv2{nullptr};
    ASPPConv _conv3{nullptr};
    ASPPConv _conv4{nullptr};
    ASPPPooling _avgpool{nullptr};
};
TORCH_MODULE(Convs);

class ASPPImpl : public torch::nn::Module {
public:
    ASPPImpl(int64_t in_channels, std::vector<int64_t> atrous_rates);
    ~ASPPImpl();

    torch::Tensor forward(const torch::Tensor &x);

private:
    Convs _convs{nullptr};
    torch::nn::Sequential _project{nullptr};
};
TORCH_MODULE(ASPP);
