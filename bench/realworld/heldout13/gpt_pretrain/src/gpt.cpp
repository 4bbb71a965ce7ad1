// gpt.cpp
// Chapter 4: GPT model from scratch.
#include "gpt/gpt.h"

#include <cmath>

namespace ch4 {

LayerNormImpl::LayerNormImpl(int64_t emb_dim) {
    scale_ = register_parameter("scale", torch::ones(emb_dim));
    shift_ = register_parameter("shift", torch::zeros(emb_dim));
}

torch::Tensor LayerNormImpl::forward(torch::Tensor x) {
    auto mean = x.mean(-1, /*keepdim=*/true);
    auto var = x.var({-1}, /*unbiased=*/false, /*keepdim=*/true);
    auto norm_x = (x - mean) / torch::sqrt(var + eps_);
    return scale_ * norm_x + shift_;
}

torch::Tensor GELUImpl::forward(torch::Tensor x) {
    const double c = std::sqrt(2.0 / 3.14159265358979323846);
    return 0.5 * x * (1.0 + torch::tanh(c * (x + 0.044715 * torch::pow(x, 3))));
}

FeedForwardImpl::FeedForwardImpl(const GPTConfig& cfg) {
    // pushed one by one: the argument order of a single Sequential(...) call is unspecified
    layers = register_module("layers", torch::nn::Sequential());
    layers->push_back(torch::nn::Linear(cfg.emb_dim, 4 * cfg.emb_dim));
    layers->push_back(GELU());
    layers->push_back(torch::nn::Linear(4 * cfg.emb_dim, cfg.emb_dim));
}

torch::Tensor FeedForwardImpl::forward(torch::Tensor x) { return layers->forward(x); }

TransformerBlockImpl::TransformerBlockImpl(const GPTConfig& cfg) {
    att = register_module(
        "att", ch3::MultiHeadAttention(cfg.emb_dim, cfg.emb_dim, cfg.context_length,
                                       cfg.drop_rate, cfg.n_heads, cfg.qkv_bias));
    ff = register_module("ff", FeedForward(cfg));
    norm1 = register_module("norm1", LayerNorm(cfg.emb_dim));
    norm2 = register_module("norm2", LayerNorm(cfg.emb_dim));
    drop_shortcut = register_module("drop_shortcut", torch::nn::Dropout(cfg.drop_rate));
}

torch::Tensor TransformerBlockImpl::forward(torch::Tensor x) {
    auto shortcut = x;
    x = norm1->forward(x);
    x = att->forward(x);
    x = drop_shortcut->forward(x);
    x = x + shortcut;

    shortcut = x;
    x = norm2->forward(x);
    x = ff->forward(x);
    x = drop_shortcut->forward(x);
    x = x + shortcut;
    return x;
}

GPTModelImpl::GPTModelImpl(const GPTConfig& cfg) {
    tok_emb = register_module("tok_emb", torch::nn::Embedding(cfg.vocab_size, cfg.emb_dim));
    pos_emb = register_module("pos_emb", torch::nn::Embedding(cfg.context_length, cfg.emb_dim));
    drop_emb = register_module("drop_emb", torch::nn::Dropout(cfg.drop_rate));

    trf_blocks = register_module("trf_blocks", torch::nn::Sequential());
    for (int64_t i = 0; i < cfg.n_layers; ++i) {
        trf_blocks->push_back(TransformerBlock(cfg));
    }

    final_norm = register_module("final_norm", LayerNorm(cfg.emb_dim));
    out_head = register_module(
        "out_head",
        torch::nn::Linear(torch::nn::LinearOptions(cfg.emb_dim, cfg.vocab_size).bias(false)));
}

torch::Tensor GPTModelImpl::forward(torch::Tensor in_idx) {
    const int64_t seq_len = in_idx.size(1);
    auto tok_embeds = tok_emb->forward(in_idx);
    auto pos_embeds = pos_emb->forward(torch::arange(
        seq_len, torch::TensorOptions().device(in_idx.device()).dtype(torch::kLong)));
    auto x = tok_embeds + pos_embeds;
    x = drop_emb->forward(x);
    x = trf_blocks->forward(x);
    x = final_norm->forward(x);
    return out_head->forward(x);
}

}  // namespace ch4
