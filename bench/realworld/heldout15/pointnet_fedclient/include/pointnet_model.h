#ifndef MODEL_H
#define MODEL_H

#include <torch/torch.h>
#include <iostream>
#include "input_transform.h"

struct PointnetConfig {
    int64_t num_classes = 40;
    int64_t global_feat = 1024;
    int64_t fc1 = 100;
    int64_t fc2 = 64;
};

class PointnetImpl : public torch::nn::Module {
    public:
        explicit PointnetImpl(const PointnetConfig& cfg);
        torch::Tensor forward(torch::Tensor x);
        TNet input_transform{nullptr};
        TNet feature_transform{nullptr};
        torch::nn::Linear last{nullptr};
    private:
        int num_classes;
        torch::nn::Conv1d conv_1{nullptr};
        torch::nn::Conv1d conv_2{nullptr};
        torch::nn::Conv1d conv_3{nullptr};
        torch::nn::Conv1d conv_4{nullptr};

        torch::nn::Linear fc_1{nullptr};
        torch::nn::Linear fc_2{nullptr};

        torch::nn::BatchNorm1d bn_1{nullptr};
        torch::nn::BatchNorm1d bn_2{nullptr};
        torch::nn::BatchNorm1d bn_3{nullptr};
        torch::nn::BatchNorm1d bn_4{nullptr};
        torch::nn::BatchNorm1d bn_5{nullptr};
        torch::nn::BatchNorm1d bn_6{nullptr};

        torch::nn::Dropout dp_1{nullptr};
        torch::Tensor class_mask;
};

TORCH_MODULE(Pointnet);

#endif
