#pragma once

#include <torch/torch.h>

#include "config.h"

class SelfAttentionImpl : public torch::nn::Module {
 public:
    SelfAttentionImpl(int64_t d_model, int64_t num_heads, double dropout);
    torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& padding_mask);

 private:
    int64_t num_heads_;
    int64_t head_dim_;
    torch::nn::Linear qkv{nullptr};
    torch::nn::Linear proj{nullptr};
    torch::nn::Dropout attn_drop{nullptr};
};
TORCH_MODULE(SelfAttention);

class EncoderLayerImpl : public torch::nn::Module {
 public:
    EncoderLayerImpl(int64_t d_model, int64_t num_heads, int64_t ffn_dim, double dropout);
    torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& padding_mask);

 private:
    SelfAttention attn{nullptr};
    torch::nn::LayerNorm norm1{nullptr}, norm2{nullptr};
    torch::nn::Linear ff1{nullptr}, ff2{nullptr};
    torch::nn::Dropout drop{nullptr};
};
TORCH_MODULE(EncoderLayer);

class TextClassifierImpl : public torch::nn::Module {
 public:
    explicit TextClassifierImpl(const ModelConfig& cfg);
    torch::Tensor forward(const torch::Tensor& tokens);

 private:
    torch::nn::Embedding tok_embed{nullptr};
    torch::nn::Embedding pos_embed{nullptr};
    torch::nn::ModuleList layers;
    torch::nn::LayerNorm final_norm{nullptr};
    torch::nn::Linear head{nullptr};
};
TORCH_MODULE(TextClassifier);
