#include <torch/torch.h>
#include <iostream>
#include "input_transform.h"

TNetImpl::TNetImpl(int64_t in_channels, int64_t K) {
    this->K = K;
    conv_1 = register_module("conv_1", torch::nn::Conv1d(torch::nn::Conv1dOptions(in_channels, 64, 1)
                .padding(0).stride(1).dilation(1).bias(true)));
    conv_2 = register_module("conv_2", torch::nn::Conv1d(torch::nn::Conv1dOptions(64, 128, 1)
                .padding(0).stride(1).dilation(1).bias(true)));
    conv_3 = register_module("conv_3", torch::nn::Conv1d(torch::nn::Conv1dOptions(128, kTNetWidth, 1)
                .padding(0).stride(1).dilation(1).bias(true)));

    fc_1 = register_module("fc_1", torch::nn::Linear(kTNetWidth, kTNetWidth / 2));
    fc_2 = register_module("fc_2", torch::nn::Linear(kTNetWidth / 2, K * K));

    bn_1 = register_module("bn_1", torch::nn::BatchNorm1d(64));
    bn_2 = register_module("bn_2", torch::nn::BatchNorm1d(128));
    bn_3 = register_module("bn_3", torch::nn::BatchNorm1d(kTNetWidth));

    // start from the identity transform
    torch::NoGradGuard no_grad;
    fc_2->weight.zero_();
    fc_2->bias.zero_();
}

torch::Tensor TNetImpl::forward(torch::Tensor x) {
    // x: [B, C, N]
    x = torch::relu(bn_1->forward(conv_1->forward(x)));
    x = torch::relu(bn_2->forward(conv_2->forward(x)));
    x = torch::relu(bn_3->forward(conv_3->forward(x)));
    x = std::get<0>(x.max(2));                      // [B, kTNetWidth]
    x = torch::relu(fc_1->forward(x));
    x = fc_2->forward(x);                           // [B, K*K]
    auto identity = torch::eye(K, x.options()).view({1, K * K});
    auto transform = (x + identity).view({-1, K, K});
    return transform;
}
