// Character-level language model: embedding, stacked GRU, projection to the vocabulary.
#pragma once

#include <torch/torch.h>

#include <tuple>

struct CharRNN : torch::nn::Module {
    CharRNN(int64_t vocab_size, int64_t embedding_dim, int64_t hidden_size, int64_t num_layers);

    // Returns logits (batch, seq, vocab) and the new hidden state.
    std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor tokens, torch::Tensor hidden);

    torch::Tensor init_hidden(int64_t batch_size, torch::Device device) const;

    int64_t num_layers_;
    int64_t hidden_size_;
    torch::nn::Embedding embedding{nullptr};
    torch::nn::GRU gru{nullptr};
    torch::nn::Linear decoder{nullptr};
};
