#pragma once
#include <torch/torch.h>

#include <tuple>

#include "basic.h"

class DepthwiseConv1dImpl : public torch::nn::Module {
public:
    DepthwiseConv1dImpl(int64_t in_channels, int64_t out_channels, int64_t kernel_size,
                        int64_t stride = 1, int64_t padding = 0, bool bias = false);

    torch::Tensor forward(torch::Tensor x);

private:
    torch::nn::Conv1d conv{nullptr};
};
TORCH_MODULE(DepthwiseConv1d);

class PointwiseConv1dImpl : public torch::nn::Module {
public:
    PointwiseConv1dImpl(int64_t in_channels, int64_t out_channels,
                        int64_t stride = 1, int64_t padding = 0, bool bias = true);

    torch::Tensor forward(torch::Tensor x);

private:
    torch::nn::Conv1d conv{nullptr};
};
TORCH_MODULE(PointwiseConv1d);

class ConformerConvModuleImpl : public torch::nn::Module {
private:
    torch::nn::LayerNorm layer_norm{nullptr};
    PointwiseConv1d pointwise_conv1{nullptr};
    GLU glu{nullptr};
    DepthwiseConv1d depthwise_conv{nullptr};
    torch::nn::BatchNorm1d batch_norm{nullptr};
    SILU silu{nullptr};
    PointwiseConv1d pointwise_conv2{nullptr};
    torch::nn::Dropout dropout{nullptr};
    Transpose transpose_{nullptr};

public:
    ConformerConvModuleImpl(int64_t in_channels, int64_t kernel_size = 31,
                            float dropout_p = 0.1, int64_t expansion_factor = 2);

    torch::Tensor forward(torch::Tensor x);
};
TORCH_MODULE(ConformerConvModule);

class Conv2dSubsamplingImpl : public torch::nn::Module {
public:
    Conv2dSubsamplingImpl(int64_t in_channels, int64_t out_channels);

    std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor inputs, torch::Tensor input_lengths);

private:
    torch::nn::Conv2d conv1{nullptr};
    torch::nn::Conv2d conv2{nullptr};
    torch::nn::ReLU relu{nullptr};
};
TORCH_MODULE(Conv2dSubsampling);
