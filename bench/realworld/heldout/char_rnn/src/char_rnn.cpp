#include "char_rnn.h"

CharRNN::CharRNN(int64_t vocab_size, int64_t embedding_dim, int64_t hidden_size, int64_t num_layers)
    : num_layers_(num_layers), hidden_size_(hidden_size) {
    embedding = register_module("embedding", torch::nn::Embedding(vocab_size, embedding_dim));
    gru = register_module(
        "gru", torch::nn::GRU(torch::nn::GRUOptions(embedding_dim, hidden_size)
                                  .num_layers(num_layers)
                                  .batch_first(true)
                                  .dropout(0.2)));
    decoder = register_module("decoder", torch::nn::Linear(hidden_size, vocab_size));
}

std::tuple<torch::Tensor, torch::Tensor> CharRNN::forward(torch::Tensor tokens, torch::Tensor hidden) {
    auto embedded = embedding->forward(tokens);
    auto result = gru->forward(embedded, hidden);
    auto logits = decoder->forward(std::get<0>(result));
    return {logits, std::get<1>(result)};
}

torch::Tensor CharRNN::init_hidden(int64_t batch_size, torch::Device device) const {
    return torch::zeros({num_layers_, batch_size, hidden_size_}, device);
}
