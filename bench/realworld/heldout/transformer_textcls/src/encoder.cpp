#include "encoder.h"

#include <cmath>

SelfAttentionImpl::SelfAttentionImpl(int64_t d_model, int64_t num_heads, double dropout)
    : num_heads_(num_heads), head_dim_(d_model / num_heads) {
    qkv = register_module("qkv", torch::nn::Linear(d_model, 3 * d_model));
    proj = register_module("proj", torch::nn::Linear(d_model, d_model));
    attn_drop = register_module("attn_drop", torch::nn::Dropout(dropout));
}

torch::Tensor SelfAttentionImpl::forward(const torch::Tensor& x, const torch::Tensor& padding_mask) {
    const auto B = x.size(0);
    const auto T = x.size(1);
    auto chunks = qkv->forward(x).chunk(3, -1);
    auto q = chunks[0].view({B, T, num_heads_, head_dim_}).transpose(1, 2);
    auto k = chunks[1].view({B, T, num_heads_, head_dim_}).transpose(1, 2);
    auto v = chunks[2].view({B, T, num_heads_, head_dim_}).transpose(1, 2);

    auto scores = torch::matmul(q, k.transpose(-2, -1)) / std::sqrt(static_cast<double>(head_dim_));
    // padding_mask: (B, T), true where the token is padding
    scores = scores.masked_fill(padding_mask.unsqueeze(1).unsqueeze(2), -1e9);
    auto weights = attn_drop->forward(torch::softmax(scores, -1));
    auto out = torch::matmul(weights, v).transpose(1, 2).contiguous().view({B, T, -1});
    return proj->forward(out);
}

EncoderLayerImpl::EncoderLayerImpl(int64_t d_model, int64_t num_heads, int64_t ffn_dim, double dropout) {
    attn = register_module("attn", SelfAttention(d_model, num_heads, dropout));
    norm1 = register_module("norm1", torch::nn::LayerNorm(torch::nn::LayerNormOptions({d_model})));
    norm2 = register_module("norm2", torch::nn::LayerNorm(torch::nn::LayerNormOptions({d_model})));
    ff1 = register_module("ff1", torch::nn::Linear(d_model, ffn_dim));
    ff2 = register_module("ff2", torch::nn::Linear(ffn_dim, d_model));
    drop = register_module("drop", torch::nn::Dropout(dropout));
}

torch::Tensor EncoderLayerImpl::forward(const torch::Tensor& x, const torch::Tensor& padding_mask) {
    auto h = x + drop->forward(attn->forward(norm1->forward(x), padding_mask));
    auto f = ff2->forward(torch::gelu(ff1->forward(norm2->forward(h))));
    return h + drop->forward(f);
}

TextClassifierImpl::TextClassifierImpl(const ModelConfig& cfg) {
    tok_embed = register_module("tok_embed", torch::nn::Embedding(cfg.vocab_size, cfg.d_model));
    pos_embed = register_module("pos_embed", torch::nn::Embedding(cfg.max_len, cfg.d_model));
    for (int64_t i = 0; i < cfg.num_layers; ++i) {
        layers->push_back(EncoderLayer(cfg.d_model, cfg.num_heads, cfg.ffn_dim, cfg.dropout));
    }
    register_module("layers", layers);
    final_norm = register_module("final_norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({cfg.d_model})));
    head = register_module("head", torch::nn::Linear(cfg.d_model, cfg.num_classes));
}

torch::Tensor TextClassifierImpl::forward(const torch::Tensor& tokens) {
    const auto T = tokens.size(1);
    auto positions = torch::arange(T, tokens.options()).unsqueeze(0);
    auto padding_mask = tokens.eq(0);
    auto x = tok_embed->forward(tokens) + pos_embed->forward(positions);
    for (const auto& layer : *layers) {
        x = layer->as<EncoderLayer>()->forward(x, padding_mask);
    }
    x = final_norm->forward(x);
    // mean over non-padding tokens
    auto keep = (~padding_mask).unsqueeze(-1).to(x.dtype());
    auto pooled = (x * keep).sum(1) / keep.sum(1).clamp_min(1.0);
    return head->forward(pooled);
}
