/**
 * @file conformer_encoder.h
 * this file contains ConformerBlock, ConformerEncoder and the CTC model
 * @note the encoder contains the convolution subsampling
 */
#pragma once
#include <torch/torch.h>

#include <tuple>

#include "attention.h"
#include "basic.h"
#include "convolution.h"
#include "feedforward.h"

// Conformer Block
class ConformerBlockImpl : public torch::nn::Module {
public:
    ConformerBlockImpl(
        int64_t encoder_dim = 512,
        int64_t num_attention_heads = 8,
        int64_t feed_forward_expansion_factor = 4,
        int64_t conv_expansion_factor = 2,
        double feed_forward_dropout_p = 0.1,
        double attention_dropout_p = 0.1,
        double conv_dropout_p = 0.1,
        int64_t conv_kernel_size = 31,
        bool half_step_residual = true);

    torch::Tensor forward(torch::Tensor inputs, torch::Tensor mask);

private:
    ResidualConnectionModule feed_forward1{nullptr};
    MultiHeadedSelfAttentionModule self_attention{nullptr};
    ResidualConnectionModule convolution{nullptr};
    ResidualConnectionModule feed_forward2{nullptr};
    torch::nn::LayerNorm layer_norm{nullptr};
    double feed_forward_residual_factor;
};
TORCH_MODULE(ConformerBlock);

// Conformer Encoder
class ConformerEncoderImpl : public torch::nn::Module {
public:
    ConformerEncoderImpl(
        int64_t input_dim = 80,
        int64_t encoder_dim = 512,
        int64_t num_layers = 6, // this should be small
        int64_t num_attention_heads = 8,
        int64_t feed_forward_expansion_factor = 4,
        int64_t conv_expansion_factor = 2,
        double input_dropout_p = 0.1,
        double feed_forward_dropout_p = 0.1,
        double attention_dropout_p = 0.1,
        double conv_dropout_p = 0.1,
        int64_t conv_kernel_size = 31,
        bool half_step_residual = true);

    std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor inputs, torch::Tensor input_lengths);

private:
    Conv2dSubsampling conv_subsample{nullptr};
    torch::nn::Sequential input_projection{nullptr};
    torch::nn::ModuleList conformer_layers{nullptr};
};
TORCH_MODULE(ConformerEncoder);

// Encoder + a linear CTC head over the phone inventory (index 0 is the blank)
class ConformerCTCImpl : public torch::nn::Module {
public:
    ConformerCTCImpl(int64_t input_dim, int64_t encoder_dim, int64_t num_classes, int64_t num_layers,
                     int64_t num_attention_heads, int64_t conv_kernel_size = 31);

    std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor inputs, torch::Tensor input_lengths);

private:
    ConformerEncoder encoder{nullptr};
    torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(ConformerCTC);
