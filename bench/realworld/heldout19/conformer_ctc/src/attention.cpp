#include "attention.h"

#include <cmath>

using namespace torch::indexing;

PositionalEncodingImpl::PositionalEncodingImpl(int64_t d_model, int64_t max_len) {
    auto pe_table = torch::zeros({max_len, d_model}); // no need for grad
    auto position = torch::arange(0, max_len, torch::kFloat).unsqueeze(1);
    auto div_term = torch::exp(torch::arange(0, d_model, 2, torch::kFloat) * (-std::log(10000.0) / d_model));
    pe_table.index_put_({Slice(), Slice(0, None, 2)}, torch::sin(position * div_term));
    pe_table.index_put_({Slice(), Slice(1, None, 2)}, torch::cos(position * div_term));
    pe = register_buffer("pe", pe_table.unsqueeze(0));
}

torch::Tensor PositionalEncodingImpl::forward(int64_t length) {
    return pe.index({Slice(), Slice(0, length)});
}

RelativeMultiHeadAttentionImpl::RelativeMultiHeadAttentionImpl(int64_t d_model, int64_t num_heads, double dropout_p) {
    TORCH_CHECK(d_model % num_heads == 0, "d_model % num_heads should be zero.");
    this->num_heads = num_heads;
    d_head = d_model / num_heads;
    sqrt_dim = std::sqrt(d_model);

    query_proj = torch::nn::Linear(d_model, d_model);
    key_proj = torch::nn::Linear(d_model, d_model);
    value_proj = torch::nn::Linear(d_model, d_model);
    pos_proj = torch::nn::Linear(torch::nn::LinearOptions(d_model, d_model).bias(false));

    dropout = torch::nn::Dropout(dropout_p);
    u_bias = register_parameter("u_bias", torch::randn({num_heads, d_head}) * 0.1);
    v_bias = register_parameter("v_bias", torch::randn({num_heads, d_head}) * 0.1);

    out_proj = torch::nn::Linear(d_model, d_model);

    register_module("query_proj", query_proj);
    register_module("key_proj", key_proj);
    register_module("value_proj", value_proj);
    register_module("pos_proj", pos_proj);
    register_module("dropout", dropout);
    register_module("out_proj", out_proj);
}

torch::Tensor RelativeMultiHeadAttentionImpl::forward(torch::Tensor query, torch::Tensor key, torch::Tensor value,
                                                      torch::Tensor pos_embedding, torch::Tensor mask) {
    auto batch_size = value.size(0);

    // Processing inputs
    query = query_proj->forward(query).view({batch_size, -1, num_heads, d_head});
    key = key_proj->forward(key).view({batch_size, -1, num_heads, d_head}).permute({0, 2, 1, 3});
    value = value_proj->forward(value).view({batch_size, -1, num_heads, d_head}).permute({0, 2, 1, 3});
    pos_embedding = pos_proj->forward(pos_embedding).view({batch_size, -1, num_heads, d_head});

    // Calculating scores
    auto content_score = torch::matmul((query + u_bias).transpose(1, 2), key.transpose(2, 3));
    auto pos_score = torch::matmul((query + v_bias).transpose(1, 2), pos_embedding.permute({0, 2, 3, 1}));
    pos_score = _relative_shift(pos_score);

    auto score = (content_score + pos_score) / sqrt_dim;

    if (mask.defined()) {
        mask = mask.unsqueeze(1);
        score.masked_fill_(mask, -1e9);
    }

    auto attn = torch::softmax(score, -1);
    attn = dropout->forward(attn);

    auto context = torch::matmul(attn, value).transpose(1, 2);
    context = context.reshape({batch_size, -1, d_head * num_heads});

    return out_proj->forward(context);
}

torch::Tensor RelativeMultiHeadAttentionImpl::_relative_shift(torch::Tensor pos_score) {
    auto shape = pos_score.sizes();
    auto batch_size = shape[0];
    auto num_heads = shape[1];
    auto seq_length1 = shape[2];
    auto seq_length2 = shape[3];
    auto zeros = torch::zeros({batch_size, num_heads, seq_length1, 1}, pos_score.options());
    auto padded_pos_score = torch::cat({zeros, pos_score}, -1);
    padded_pos_score = padded_pos_score.view({batch_size, num_heads, seq_length2 + 1, seq_length1});
    pos_score = padded_pos_score.slice(2, 1).reshape(pos_score.sizes());
    return pos_score;
}

MultiHeadedSelfAttentionModuleImpl::MultiHeadedSelfAttentionModuleImpl(int64_t d_model, int64_t num_heads,
                                                                       double dropout_p)
    : positional_encoding(d_model),
      layer_norm(torch::nn::LayerNormOptions({d_model})),
      attention(d_model, num_heads, dropout_p),
      dropout(torch::nn::DropoutOptions(dropout_p)) {
    register_module("positional_encoding", positional_encoding);
    register_module("layer_norm", layer_norm);
    register_module("attention", attention);
    register_module("dropout", dropout);
}

torch::Tensor MultiHeadedSelfAttentionModuleImpl::forward(torch::Tensor inputs, torch::Tensor mask) {
    int64_t batch_size = inputs.size(0);
    int64_t seq_length = inputs.size(1);

    torch::Tensor pos_embedding = positional_encoding(seq_length);
    pos_embedding = pos_embedding.repeat({batch_size, 1, 1});

    inputs = layer_norm->forward(inputs);
    torch::Tensor outputs = attention->forward(inputs, inputs, inputs, pos_embedding, mask);

    return dropout->forward(outputs);
}
