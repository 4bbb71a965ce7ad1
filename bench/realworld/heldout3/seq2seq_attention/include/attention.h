#pragma once

#include <torch/torch.h>

// Mask irrelevant entries in sequences: entries at or after valid_len are set to value.
torch::Tensor sequence_mask(torch::Tensor X, torch::Tensor valid_len, float value = 0);

// Softmax over the last axis that ignores the key positions at or after valid_lens.
torch::Tensor masked_softmax(torch::Tensor X, torch::Tensor valid_lens);

// -------------------------------------------
// Additive (Bahdanau) attention
// -------------------------------------------
struct AdditiveAttentionImpl : public torch::nn::Module {
    AdditiveAttentionImpl(int64_t key_size, int64_t query_size, int64_t num_hiddens, float dropout);

    torch::Tensor forward(torch::Tensor queries, torch::Tensor keys, torch::Tensor values, torch::Tensor valid_lens);

    torch::nn::Linear W_k{nullptr}, W_q{nullptr}, W_v{nullptr};
    torch::nn::Dropout dpout{nullptr};
    torch::Tensor attention_weights;
};
TORCH_MODULE(AdditiveAttention);
