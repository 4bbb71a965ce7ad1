#include "iostream"
#include <string>
#include <vector>
#include <torch/torch.h>
#include "pointnet_model.h"
#include "input_transform.h"

PointnetImpl::PointnetImpl(const PointnetConfig& cfg)
    : input_transform(3, 3), feature_transform(64, 64) {
    this->num_classes = cfg.num_classes;
    register_module("input_transform", input_transform);
    register_module("feature_transform", feature_transform);
    conv_1 = register_module("conv_1", torch::nn::Conv1d(torch::nn::Conv1dOptions(3, 64, 1)
                .padding(0).stride(1).dilation(1).bias(true)));
    conv_2 = register_module("conv_2", torch::nn::Conv1d(torch::nn::Conv1dOptions(64, 64, 1)
                .padding(0).stride(1).dilation(1).bias(true)));
    conv_3 = register_module("conv_3", torch::nn::Conv1d(torch::nn::Conv1dOptions(64, 128, 1)
                .padding(0).stride(1).dilation(1).bias(true)));
    conv_4 = register_module("conv_4", torch::nn::Conv1d(torch::nn::Conv1dOptions(128, cfg.global_feat, 1)
                .padding(0).stride(1).dilation(1).bias(true)));

    fc_1 = register_module("fc_1", torch::nn::Linear(cfg.global_feat, cfg.fc1));
    fc_2 = register_module("fc_2", torch::nn::Linear(cfg.fc1, cfg.fc2));
    last = register_module("last", torch::nn::Linear(cfg.fc2, cfg.num_classes));

    bn_1 = register_module("bn_1", torch::nn::BatchNorm1d(64));
    bn_2 = register_module("bn_2", torch::nn::BatchNorm1d(64));
    bn_3 = register_module("bn_3", torch::nn::BatchNorm1d(128));
    bn_4 = register_module("bn_4", torch::nn::BatchNorm1d(cfg.global_feat));
    bn_5 = register_module("bn_5", torch::nn::BatchNorm1d(cfg.fc1));
    bn_6 = register_module("bn_6", torch::nn::BatchNorm1d(cfg.fc2));
    dp_1 = register_module("dp_1", torch::nn::Dropout(0.3));

    // classes the federation has switched off for this client (none by default)
    class_mask = register_buffer("class_mask", torch::zeros({cfg.num_classes}, torch::kBool));
}

torch::Tensor PointnetImpl::forward(torch::Tensor x) {
    // x: [B, 3, N]
    auto transform = input_transform->forward(x);
    x = torch::matmul(transform, x);
    x = torch::relu(bn_1->forward(conv_1->forward(x)));
    x = torch::relu(bn_2->forward(conv_2->forward(x)));
    auto features = feature_transform->forward(x);
    x = torch::matmul(features, x);
    x = torch::relu(bn_3->forward(conv_3->forward(x)));
    x = torch::relu(bn_4->forward(conv_4->forward(x)));
    x = std::get<0>(x.max(2));                      // [B, global_feat]
    x = torch::relu(bn_5->forward(fc_1->forward(x)));
    x = dp_1->forward(torch::relu(bn_6->forward(fc_2->forward(x))));
    x = last->forward(x);
    x = x.masked_fill(class_mask, -1e9);
    return x.view({-1, this->num_classes});
}
