#pragma once

// RRDB generator (Residual-in-Residual Dense Block network, ESRGAN style)

#include <torch/torch.h>
#include "attention.h"

namespace facesr {

class ResidualDenseBlockImpl : public torch::nn::Module {
public:
    // num_feat: input/output channels; num_grow_ch: growth channels of the dense connections
    ResidualDenseBlockImpl(int num_feat = 64, int num_grow_ch = 32);
    torch::Tensor forward(torch::Tensor x);

private:
    torch::nn::Conv2d conv1_{nullptr}, conv2_{nullptr}, conv3_{nullptr},
                      conv4_{nullptr}, conv5_{nullptr};
    double beta_ = 0.2;  // residual scaling
};
TORCH_MODULE(ResidualDenseBlock);

class RRDBImpl : public torch::nn::Module {
public:
    RRDBImpl(int num_feat = 64, int num_grow_ch = 32);
    torch::Tensor forward(torch::Tensor x);

private:
    ResidualDenseBlock rdb1_{nullptr}, rdb2_{nullptr}, rdb3_{nullptr};
    double beta_ = 0.2;
};
TORCH_MODULE(RRDB);

class RRDBNetImpl : public torch::nn::Module {
public:
    RRDBNetImpl(int in_channels = 3, int out_channels = 3,
                int num_feat = 64, int num_block = 23,
                int num_grow_ch = 32, int scale = 4,
                bool use_attention = false);

    torch::Tensor forward(torch::Tensor x);
    void init_weights();
    int64_t get_num_parameters() const;

private:
    int scale_;

    torch::nn::Conv2d conv_first_{nullptr};
    torch::nn::Sequential body_;
    torch::nn::Conv2d conv_body_{nullptr};
    torch::nn::Conv2d conv_up1_{nullptr};
    torch::nn::Conv2d conv_up2_{nullptr};
    torch::nn::Conv2d conv_hr_{nullptr};
    torch::nn::Conv2d conv_last_{nullptr};

    CBAM attention_{nullptr};
};
TORCH_MODULE(RRDBNet);

}  // namespace facesr
