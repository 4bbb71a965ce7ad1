#pragma once

#include <torch/torch.h>

class PositionalEncodingImpl : public torch::nn::Module {
public:
    PositionalEncodingImpl(int64_t d_model = 512, int64_t max_len = 1600);

    torch::Tensor forward(int64_t length);

private:
    torch::Tensor pe;
};
TORCH_MODULE(PositionalEncoding);


// the Relative attention in Conformer
// Note : this is not the original MHSA in pytorch or libtorch, it is different in Conformer paper
class RelativeMultiHeadAttentionImpl : public torch::nn::Module {
public:
    RelativeMultiHeadAttentionImpl(int64_t d_model = 512, int64_t num_heads = 16, double dropout_p = 0.1);

    torch::Tensor forward(torch::Tensor query, torch::Tensor key, torch::Tensor value, torch::Tensor pos_embedding,
                          torch::Tensor mask = torch::Tensor());

private:
    torch::nn::Linear query_proj{nullptr}, key_proj{nullptr}, value_proj{nullptr}, pos_proj{nullptr},
            out_proj{nullptr};
    torch::nn::Dropout dropout{nullptr};
    torch::Tensor u_bias, v_bias;
    int64_t d_head, num_heads;
    double sqrt_dim;

    torch::Tensor _relative_shift(torch::Tensor pos_score);
};
TORCH_MODULE(RelativeMultiHeadAttention);

class MultiHeadedSelfAttentionModuleImpl : public torch::nn::Module {
public:
    MultiHeadedSelfAttentionModuleImpl(int64_t d_model, int64_t num_heads, double dropout_p = 0.1);

    torch::Tensor forward(torch::Tensor inputs, torch::Tensor mask = torch::Tensor());

private:
    PositionalEncoding positional_encoding{nullptr};
    torch::nn::LayerNorm layer_norm{nullptr};
    RelativeMultiHeadAttention attention{nullptr};
    torch::nn::Dropout dropout{nullptr};
};
TORCH_MODULE(MultiHeadedSelfAttentionModule);
