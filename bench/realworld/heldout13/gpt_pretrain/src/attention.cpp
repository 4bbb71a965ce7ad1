// attention.cpp
// Chapter 3: causal multi-head attention with weight splits (listing 3-5).
#include "gpt/attention.h"

#include <cmath>

using torch::indexing::None;
using torch::indexing::Slice;

namespace ch3 {

MultiHeadAttentionImpl::MultiHeadAttentionImpl(int64_t d_in, int64_t d_out,
                                               int64_t context_length, double dropout,
                                               int64_t num_heads, bool qkv_bias)
    : d_out_(d_out), num_heads_(num_heads), head_dim_(d_out / num_heads) {
    TORCH_CHECK(d_out % num_heads == 0, "d_out must be divisible by num_heads");
    W_query = register_module(
        "W_query", torch::nn::Linear(torch::nn::LinearOptions(d_in, d_out).bias(qkv_bias)));
    W_key = register_module(
        "W_key", torch::nn::Linear(torch::nn::LinearOptions(d_in, d_out).bias(qkv_bias)));
    W_value = register_module(
        "W_value", torch::nn::Linear(torch::nn::LinearOptions(d_in, d_out).bias(qkv_bias)));
    out_proj = register_module("out_proj", torch::nn::Linear(d_out, d_out));
    dropout_ = register_module("dropout", torch::nn::Dropout(dropout));
    // upper triangle above the diagonal: the future tokens each position must not see
    mask_ = register_buffer("mask", torch::triu(torch::ones({context_length, context_length}), 1));
}

torch::Tensor MultiHeadAttentionImpl::forward(torch::Tensor x) {
    const int64_t b = x.size(0);
    const int64_t num_tokens = x.size(1);

    auto keys = W_key->forward(x);
    auto queries = W_query->forward(x);
    auto values = W_value->forward(x);

    // [b, num_tokens, d_out] -> [b, num_heads, num_tokens, head_dim]
    keys = keys.unflatten(-1, {num_heads_, head_dim_}).transpose(1, 2);
    queries = queries.unflatten(-1, {num_heads_, head_dim_}).transpose(1, 2);
    values = values.unflatten(-1, {num_heads_, head_dim_}).transpose(1, 2);

    auto attn_scores = torch::matmul(queries, keys.transpose(2, 3));
    auto mask_bool =
        mask_.index({Slice(None, num_tokens), Slice(None, num_tokens)}).to(torch::kBool);
    attn_scores = attn_scores.masked_fill(mask_bool, -1e9);

    auto attn_weights =
        torch::softmax(attn_scores / std::sqrt(static_cast<double>(head_dim_)), -1);
    attn_weights = dropout_->forward(attn_weights);

    auto context_vec = torch::matmul(attn_weights, values).transpose(1, 2);
    context_vec = context_vec.contiguous().view({b, num_tokens, d_out_});
    return out_proj->forward(context_vec);
}

}  // namespace ch3
