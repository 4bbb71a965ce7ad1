/**
 * @file generator.cpp
 * @brief RRDB generator and the CBAM attention modules (attention.cpp in the original)
 */

#include "generator.h"
#include <torch/nn/functional.h>

namespace F = torch::nn::functional;

namespace facesr {

// ==================== CBAM ====================

ChannelAttentionImpl::ChannelAttentionImpl(int num_channels, int reduction)
    : num_channels_(num_channels) {
    int mid = std::max(1, num_channels / reduction);
    fc1_ = register_module("fc1", torch::nn::Linear(
        torch::nn::LinearOptions(num_channels, mid).bias(true)));
    fc2_ = register_module("fc2", torch::nn::Linear(
        torch::nn::LinearOptions(mid, num_channels).bias(true)));
}

torch::Tensor ChannelAttentionImpl::forward(torch::Tensor x) {
    auto avg = torch::adaptive_avg_pool2d(x, {1, 1}).view({x.size(0), -1});
    auto mx = std::get<0>(torch::adaptive_max_pool2d(x, {1, 1})).view({x.size(0), -1});
    auto scale = torch::sigmoid(fc2_(F::relu(fc1_(avg))) + fc2_(F::relu(fc1_(mx))));
    return scale.view({x.size(0), num_channels_, 1, 1});
}

SpatialAttentionImpl::SpatialAttentionImpl(int kernel_size) {
    conv_ = register_module("conv", torch::nn::Conv2d(
        torch::nn::Conv2dOptions(2, 1, kernel_size)
            .padding((kernel_size - 1) / 2)
            .bias(false)));
}

torch::Tensor SpatialAttentionImpl::forward(torch::Tensor x) {
    auto avg = x.mean(1, /*keepdim=*/true);
    auto mx = std::get<0>(torch::max(x, 1, /*keepdim=*/true));
    return torch::sigmoid(conv_(torch::cat({avg, mx}, 1)));
}

CBAMImpl::CBAMImpl(int num_channels, int reduction, int kernel_size) {
    channel_att_ = register_module("channel_att", ChannelAttention(num_channels, reduction));
    spatial_att_ = register_module("spatial_att", SpatialAttention(kernel_size));
}

torch::Tensor CBAMImpl::forward(torch::Tensor x) {
    x = x * channel_att_(x);
    x = x * spatial_att_(x);
    return x;
}

// ==================== ResidualDenseBlock ====================

ResidualDenseBlockImpl::ResidualDenseBlockImpl(int num_feat, int num_grow_ch) {
    conv1_ = register_module("conv1",
        torch::nn::Conv2d(torch::nn::Conv2dOptions(num_feat, num_grow_ch, 3).padding(1)));
    conv2_ = register_module("conv2",
        torch::nn::Conv2d(torch::nn::Conv2dOptions(num_feat + num_grow_ch, num_grow_ch, 3).padding(1)));
    conv3_ = register_module("conv3",
        torch::nn::Conv2d(torch::nn::Conv2dOptions(num_feat + 2 * num_grow_ch, num_grow_ch, 3).padding(1)));
    conv4_ = register_module("conv4",
        torch::nn::Conv2d(torch::nn::Conv2dOptions(num_feat + 3 * num_grow_ch, num_grow_ch, 3).padding(1)));
    conv5_ = register_module("conv5",
        torch::nn::Conv2d(torch::nn::Conv2dOptions(num_feat + 4 * num_grow_ch, num_feat, 3).padding(1)));

    for (auto& module : modules(false)) {
        if (auto* conv = module->as<torch::nn::Conv2dImpl>()) {
            torch::nn::init::kaiming_normal_(
                conv->weight, 0.2, torch::kFanIn, torch::kLeakyReLU);
            conv->weight.data().mul_(0.1);
            if (conv->bias.defined()) {
                torch::nn::init::zeros_(conv->bias);
            }
        }
    }
    torch::nn::init::zeros_(conv5_->weight);
}

torch::Tensor ResidualDenseBlockImpl::forward(torch::Tensor x) {
    auto lrelu = F::LeakyReLUFuncOptions().negative_slope(0.2);
    auto x1 = F::leaky_relu(conv1_(x), lrelu);
    auto x2 = F::leaky_relu(conv2_(torch::cat({x, x1}, 1)), lrelu);
    auto x3 = F::leaky_relu(conv3_(torch::cat({x, x1, x2}, 1)), lrelu);
    auto x4 = F::leaky_relu(conv4_(torch::cat({x, x1, x2, x3}, 1)), lrelu);
    auto x5 = conv5_(torch::cat({x, x1, x2, x3, x4}, 1));
    return x5 * beta_ + x;
}

// ==================== RRDB ====================

RRDBImpl::RRDBImpl(int num_feat, int num_grow_ch) {
    rdb1_ = register_module("rdb1", ResidualDenseBlock(num_feat, num_grow_ch));
    rdb2_ = register_module("rdb2", ResidualDenseBlock(num_feat, num_grow_ch));
    rdb3_ = register_module("rdb3", ResidualDenseBlock(num_feat, num_grow_ch));
}

torch::Tensor RRDBImpl::forward(torch::Tensor x) {
    auto out = rdb1_(x);
    out = rdb2_(out);
    out = rdb3_(out);
    return out * beta_ + x;
}

// ==================== RRDBNet ====================

RRDBNetImpl::RRDBNetImpl(int in_channels, int out_channels,
                         int num_feat, int num_block,
                         int num_grow_ch, int scale,
                         bool use_attention)
    : scale_(scale) {

    conv_first_ = register_module("conv_first",
        torch::nn::Conv2d(torch::nn::Conv2dOptions(in_channels, num_feat, 3).padding(1)));

    body_ = register_module("body", torch::nn::Sequential());
    for (int i = 0; i < num_block; ++i) {
        body_->push_back(RRDB(num_feat, num_grow_ch));
    }

    conv_body_ = register_module("conv_body",
        torch::nn::Conv2d(torch::nn::Conv2dOptions(num_feat, num_feat, 3).padding(1)));

    conv_up1_ = register_module("conv_up1",
        torch::nn::Conv2d(torch::nn::Conv2dOptions(num_feat, num_feat, 3).padding(1)));

    if (scale_ == 4) {
        conv_up2_ = register_module("conv_up2",
            torch::nn::Conv2d(torch::nn::Conv2dOptions(num_feat, num_feat, 3).padding(1)));
    }

    conv_hr_ = register_module("conv_hr",
        torch::nn::Conv2d(torch::nn::Conv2dOptions(num_feat, num_feat, 3).padding(1)));
    conv_last_ = register_module("conv_last",
        torch::nn::Conv2d(torch::nn::Conv2dOptions(num_feat, out_channels, 3).padding(1)));

    if (use_attention) {
        attention_ = register_module("attention", CBAM(num_feat));
    }

    init_weights();
}

void RRDBNetImpl::init_weights() {
    for (auto& module : {conv_first_, conv_body_, conv_up1_, conv_hr_, conv_last_}) {
        torch::nn::init::kaiming_normal_(
            module->weight, 0.2, torch::kFanIn, torch::kLeakyReLU);
        if (module->bias.defined()) {
            torch::nn::init::zeros_(module->bias);
        }
    }
}

torch::Tensor RRDBNetImpl::forward(torch::Tensor x) {
    auto feat = conv_first_(x);
    auto body_feat = conv_body_(body_->forward(feat));
    feat = feat + body_feat;

    if (attention_) {
        feat = attention_(feat);
    }

    auto lrelu = F::LeakyReLUFuncOptions().negative_slope(0.2);
    feat = F::interpolate(feat, F::InterpolateFuncOptions()
        .scale_factor(std::vector<double>{2.0, 2.0})
        .mode(torch::kNearest));
    feat = F::leaky_relu(conv_up1_(feat), lrelu);

    if (scale_ == 4) {
        feat = F::interpolate(feat, F::InterpolateFuncOptions()
            .scale_factor(std::vector<double>{2.0, 2.0})
            .mode(torch::kNearest));
        feat = F::leaky_relu(conv_up2_(feat), lrelu);
    }

    auto out = F::leaky_relu(conv_hr_(feat), lrelu);
    out = conv_last_(out);
    return out;
}

int64_t RRDBNetImpl::get_num_parameters() const {
    int64_t total = 0;
    for (const auto& param : parameters()) {
        total += param.numel();
    }
    return total;
}

}  // namespace facesr
