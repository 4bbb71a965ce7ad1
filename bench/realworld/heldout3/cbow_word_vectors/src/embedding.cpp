#include "embedding.h"

#include <random>
#include <vector>

template <typename ModelType>
Embedding<ModelType>::Embedding(int64_t vocab_size, short window_size, int32_t embedding_dim, float lr, std::string device)
    : vocab_size(vocab_size) {
    this->model = std::make_unique<ModelType>(vocab_size, window_size, embedding_dim, lr, device);
}

template <typename ModelType>
torch::Tensor Embedding<ModelType>::forward(torch::Tensor x) {
    return this->model->forward(x);
}

template <typename ModelType>
torch::Tensor Embedding<ModelType>::operator[](int64_t word) {
    torch::Tensor word_idx = torch::tensor({word}, torch::kLong);
    return this->model->operator()(word_idx);
}

template <typename ModelType>
double Embedding<ModelType>::fit(torch::Tensor data, short batch_size, int64_t num_epochs) {
    return this->model->fit(data, batch_size, num_epochs);
}

template <typename ModelType>
double Embedding<ModelType>::evaluate(torch::Tensor data) {
    return this->model->evaluate(data);
}

template <typename ModelType>
torch::Tensor Embedding<ModelType>::make_corpus(int64_t num_tokens, uint64_t seed) const {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int64_t> any_word(0, vocab_size - 1);
    std::uniform_real_distribution<double> coin(0.0, 1.0);
    std::vector<int64_t> tokens(static_cast<size_t>(num_tokens));
    int64_t word = any_word(rng);
    for (auto& token : tokens) {
        token = word;
        word = coin(rng) < 0.85 ? (word * 17 + 5) % vocab_size : any_word(rng);
    }
    return torch::tensor(tokens, torch::kLong);
}

template class Embedding<CBOW>;
