#include "iostream"
#include <string>
#include <vector>
#include <torch/torch.h>
#include "model.h"

PointnetImpl::PointnetImpl(int num_classes){
    this->num_classes = num_classes;
    input_transform = register_module("input_transform", InputTransform(3));

    conv_1 = register_module("conv_1", torch::nn::Conv1d(torch::nn::Conv1dOptions(3, 32, 1)
                .padding(0).stride(1).dilation(1).bias(true)));

    conv_2 = register_module("conv_2", torch::nn::Conv1d(torch::nn::Conv1dOptions(32, 32, 1)
                .padding(0).stride(1).dilation(1).bias(true)));

    conv_3 = register_module("conv_3", torch::nn::Conv1d(torch::nn::Conv1dOptions(32, 64, 1)
                .padding(0).stride(1).dilation(1).bias(true)));

    conv_4 = register_module("conv_4", torch::nn::Conv1d(torch::nn::Conv1dOptions(64, 250, 1)
                .padding(0).stride(1).dilation(1).bias(true)));

    fc_1 = register_module("fc_1", torch::nn::Linear(250, 120));
    fc_2 = register_module("fc_2", torch::nn::Linear(120, 64));
    last = register_module("last", torch::nn::Linear(64, num_classes));

    bn_1 = register_module("bn_1", torch::nn::BatchNorm1d(32));
    bn_2 = register_module("bn_2", torch::nn::BatchNorm1d(32));
    bn_3 = register_module("bn_3", torch::nn::BatchNorm1d(64));
    bn_4 = register_module("bn_4", torch::nn::BatchNorm1d(250));
    bn_5 = register_module("bn_5", torch::nn::BatchNorm1d(120));
    bn_6 = register_module("bn_6", torch::nn::BatchNorm1d(64));

    dp_1 = register_module("dp_1", torch::nn::Dropout(0.3));
}

at::Tensor PointnetImpl::forward(torch::Tensor x){
    // input --> batch, 3, points
    auto transform = input_transform->forward(x);
    x = torch::matmul(transform, x);
    x = torch::relu(bn_1->forward(conv_1->forward(x)));
    x = torch::relu(bn_2->forward(conv_2->forward(x)));
    x = torch::relu(bn_3->forward(conv_3->forward(x)));
    x = torch::relu(bn_4->forward(conv_4->forward(x)));
    // batch, 250, points --> batch, 250
    x = std::get<0>(torch::max(x, 2));
    x = torch::relu(bn_5->forward(fc_1->forward(x)));
    x = torch::relu(bn_6->forward(dp_1->forward(fc_2->forward(x))));
    x = last->forward(x);
    x = x.view({-1, this->num_classes});

    return x;
}
