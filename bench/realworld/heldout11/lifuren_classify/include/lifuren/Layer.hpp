/**
 * Layer
 *
 * @version 1.0.0
 */
#ifndef LFR_HEADER_CORE_LAYER_HPP
#define LFR_HEADER_CORE_LAYER_HPP

#include <string>

#include "torch/nn.h"

namespace lifuren::nn {

/**
 * Self attention over channels: each channel's H * W map is one token
 */
class AttentionBlockImpl : public torch::nn::Module {

private:
    torch::nn::Sequential         qkv { nullptr };
    torch::nn::Sequential         proj{ nullptr };
    torch::nn::MultiheadAttention attn{ nullptr };

public:
    AttentionBlockImpl(const int channels, const int num_heads, const int embedding_dims, const int num_groups = 16, const float dropout = 0.0) {
        const int qkv_channels = channels * 3;
        this->qkv = this->register_module("qkv", torch::nn::Sequential(
            torch::nn::Conv2d(torch::nn::Conv2dOptions(channels, qkv_channels, 1).bias(false)),
            torch::nn::GroupNorm(torch::nn::GroupNormOptions(num_groups, qkv_channels)),
            torch::nn::SiLU()
        ));
        this->attn = this->register_module("attn",
            torch::nn::MultiheadAttention(torch::nn::MultiheadAttentionOptions(embedding_dims, num_heads).dropout(dropout)));
        this->proj = this->register_module("proj", torch::nn::Sequential(
            torch::nn::Conv2d(torch::nn::Conv2dOptions(channels, channels, 1).bias(false)),
            torch::nn::GroupNorm(torch::nn::GroupNormOptions(num_groups, channels)),
            torch::nn::SiLU()
        ));
    }
    ~AttentionBlockImpl() {
        this->unregister_module("qkv");
        this->unregister_module("attn");
        this->unregister_module("proj");
    }

public:
    torch::Tensor forward(const torch::Tensor& input) {
        const int N = input.size(0);
        const int H = input.size(2);
        const int W = input.size(3);
        auto qkv = this->qkv->forward(input).reshape({ N, -1, H * W }).permute({ 1, 0, 2 }).chunk(3, 0);
        auto q   = qkv[0];
        auto k   = qkv[1];
        auto v   = qkv[2];
        auto [ h, w ] = this->attn->forward(q, k, v);
        h = h.permute({ 1, 0, 2 }).reshape({ N, -1, H, W });
        h = this->proj->forward(h);
        return h + input;
    }

};

TORCH_MODULE(AttentionBlock);

/**
 * Generalised mean pooling: (mean x^p)^(1/p) over each feature map
 */
class GeMPoolImpl : public torch::nn::Module {

private:
    static constexpr double kEps = 1e-6;
    double p;

public:
    GeMPoolImpl(const double p = 3.0) : p(p) {
    }

public:
    torch::Tensor forward(const torch::Tensor& input) {
        auto x = input.clamp_min(kEps);
        x.pow_(this->p);
        x = torch::adaptive_avg_pool2d(x, { 1, 1 });
        return x.pow(1.0 / this->p).flatten(1);
    }

};

TORCH_MODULE(GeMPool);

/**
 * Classifier head: Linear, SiLU, Dropout, Linear
 */
extern torch::nn::Sequential make_classify_head(const int in, const int hidden, const int classes, const float dropout = 0.1F);

} // END OF lifuren::nn

#endif // END OF LFR_HEADER_CORE_LAYER_HPP
