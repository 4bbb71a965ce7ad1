// attention.h
// Chapter 3: causal multi-head attention (listing 3-5).
#pragma once

#include <torch/torch.h>

namespace ch3 {

class MultiHeadAttentionImpl : public torch::nn::Module {
public:
    MultiHeadAttentionImpl(int64_t d_in, int64_t d_out, int64_t context_length,
                           double dropout, int64_t num_heads, bool qkv_bias = false);

    torch::Tensor forward(torch::Tensor x);

    int64_t d_out_;
    int64_t num_heads_;
    int64_t head_dim_;
    torch::nn::Linear W_query{nullptr};
    torch::nn::Linear W_key{nullptr};
    torch::nn::Linear W_value{nullptr};
    torch::nn::Linear out_proj{nullptr};
    torch::nn::Dropout dropout_{nullptr};
    torch::Tensor mask_;
};
TORCH_MODULE(MultiHeadAttention);

}  // namespace ch3
