#pragma once

#ifndef MULTIHEAD_ATTENTION_H
#define MULTIHEAD_ATTENTION_H

#include <torch/torch.h>

struct MultiHeadAttentionImpl : torch::nn::Module
{
    MultiHeadAttentionImpl(int64_t heads, int64_t model_dim);

    torch::Tensor forward(torch::Tensor q, torch::Tensor k, torch::Tensor v);

    torch::nn::ModuleList linears;
    int64_t n_heads;
    int64_t d_model;
    int64_t d_k;
};
TORCH_MODULE(MultiHeadAttention);

#endif
