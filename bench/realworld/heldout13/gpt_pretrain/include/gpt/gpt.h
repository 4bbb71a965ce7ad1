// gpt.h
// Chapter 4: building blocks and GPTModel (listings 4-2 to 4-7).
#pragma once

#include <torch/torch.h>

#include "gpt/attention.h"
#include "gpt/config.h"

namespace ch4 {

// LayerNorm (listing 4-2): biased variance, as in the TensorFlow GPT-2
class LayerNormImpl : public torch::nn::Module {
public:
    explicit LayerNormImpl(int64_t emb_dim);
    torch::Tensor forward(torch::Tensor x);

    torch::Tensor scale_;
    torch::Tensor shift_;
    double eps_ = 1e-5;
};
TORCH_MODULE(LayerNorm);

// GELU (listing 4-3): tanh approximation
class GELUImpl : public torch::nn::Module {
public:
    torch::Tensor forward(torch::Tensor x);
};
TORCH_MODULE(GELU);

// FeedForward (listing 4-4): Linear(emb, 4*emb) -> GELU -> Linear(4*emb, emb)
class FeedForwardImpl : public torch::nn::Module {
public:
    explicit FeedForwardImpl(const GPTConfig& cfg);
    torch::Tensor forward(torch::Tensor x);

    torch::nn::Sequential layers{nullptr};
};
TORCH_MODULE(FeedForward);

// TransformerBlock (listing 4-6): pre-LayerNorm and shortcut connections
class TransformerBlockImpl : public torch::nn::Module {
public:
    explicit TransformerBlockImpl(const GPTConfig& cfg);
    torch::Tensor forward(torch::Tensor x);

    ch3::MultiHeadAttention att{nullptr};
    FeedForward ff{nullptr};
    LayerNorm norm1{nullptr};
    LayerNorm norm2{nullptr};
    torch::nn::Dropout drop_shortcut{nullptr};
};
TORCH_MODULE(TransformerBlock);

// GPTModel (listing 4-7)
class GPTModelImpl : public torch::nn::Module {
public:
    explicit GPTModelImpl(const GPTConfig& cfg);
    torch::Tensor forward(torch::Tensor in_idx);

    torch::nn::Embedding tok_emb{nullptr};
    torch::nn::Embedding pos_emb{nullptr};
    torch::nn::Dropout drop_emb{nullptr};
    torch::nn::Sequential trf_blocks{nullptr};
    LayerNorm final_norm{nullptr};
    torch::nn::Linear out_head{nullptr};
};
TORCH_MODULE(GPTModel);

}  // namespace ch4
