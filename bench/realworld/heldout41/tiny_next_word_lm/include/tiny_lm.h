#pragma once

#include <torch/torch.h>

// Define the TinyLanguageModel class
struct TinyLanguageModel : torch::nn::Module
{
    torch::nn::Embedding embedding{nullptr};
    torch::nn::LSTM lstm{nullptr};
    torch::nn::Linear fc{nullptr};

    TinyLanguageModel(int vocab_size, int embedding_dim, int hidden_dim)
        : embedding(register_module("embedding", torch::nn::Embedding(vocab_size, embedding_dim))),
          lstm(register_module("lstm", torch::nn::LSTM(torch::nn::LSTMOptions(embedding_dim, hidden_dim).batch_first(true)))),
          fc(register_module("fc", torch::nn::Linear(hidden_dim, vocab_size))) {}

    torch::Tensor forward(torch::Tensor x);
};
