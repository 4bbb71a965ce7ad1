#include "model.h"

#include <string>

TextCNNImpl::TextCNNImpl(int64_t vocab_size, int64_t embed_dim, int64_t num_classes, int64_t num_filters,
                         const std::vector<int64_t>& filter_sizes, double dropout_p) {
    embedding = register_module("embedding", torch::nn::Embedding(vocab_size, embed_dim));
    for (size_t i = 0; i < filter_sizes.size(); ++i) {
        auto conv = torch::nn::Conv2d(torch::nn::Conv2dOptions(1, num_filters, {filter_sizes[i], embed_dim}));
        convs.push_back(register_module("conv" + std::to_string(i), conv));
    }
    dropout = register_module("dropout", torch::nn::Dropout(dropout_p));
    fc = register_module("fc", torch::nn::Linear(static_cast<int64_t>(filter_sizes.size()) * num_filters,
                                                 num_classes));
}

torch::Tensor TextCNNImpl::forward(torch::Tensor x) {
    // x: (batch, max_len) token ids -> (batch, 1, max_len, embed_dim)
    x = embedding->forward(x).unsqueeze(1);
    std::vector<torch::Tensor> pooled;
    for (auto& conv : convs) {
        auto c = torch::relu(conv->forward(x)).squeeze(3);  // (batch, filters, L)
        pooled.push_back(std::get<0>(c.max(2)));
    }
    auto features = dropout->forward(torch::cat(pooled, 1));
    return torch::log_softmax(fc->forward(features), 1);
}
