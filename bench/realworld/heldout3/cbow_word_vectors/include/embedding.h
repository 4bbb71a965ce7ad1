#pragma once
#include <torch/torch.h>

#include <memory>
#include <string>

#include "cbow.h"

// Front object of the library: owns the word-vector model and the corpus helpers.
template <typename ModelType>
class Embedding {
public:
    Embedding(int64_t vocab_size, short window_size, int32_t embedding_dim, float lr, std::string device);

    torch::Tensor forward(torch::Tensor x);
    torch::Tensor operator[](int64_t word);
    double fit(torch::Tensor data, short batch_size, int64_t num_epochs);
    double evaluate(torch::Tensor data);

    // Token stream of a first-order Markov source: each word mostly determines the next one.
    torch::Tensor make_corpus(int64_t num_tokens, uint64_t seed) const;

private:
    std::unique_ptr<ModelType> model;
    int64_t vocab_size;
};
