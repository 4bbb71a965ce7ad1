// cbow.cpp
#include "cbow.h"

#include <iostream>

CBOW::CBOW(int64_t vocab_size, short window_size, int32_t embedding_dim, float lr, std::string device):
    embeddings(register_module("embeddings", torch::nn::Embedding(torch::nn::EmbeddingOptions(vocab_size, embedding_dim)))),
    linear(register_module("linear", torch::nn::Linear(torch::nn::LinearOptions(embedding_dim, vocab_size)))) {
    this->window_size = window_size;
    this->vocab_size = vocab_size;
    this->device = device;
    this->to(torch::Device(device));
    this->optim = std::make_unique<torch::optim::Adam>(this->parameters(), torch::optim::AdamOptions(lr));
}

std::tuple<torch::Tensor, torch::Tensor> CBOW::make_windows(const torch::Tensor& tokens) const {
    const int64_t n = tokens.size(0) - 2 * this->window_size;
    std::vector<torch::Tensor> columns;
    for (int64_t offset = 0; offset <= 2 * this->window_size; ++offset) {
        if (offset != this->window_size) {
            columns.push_back(tokens.slice(0, offset, offset + n));
        }
    }
    auto contexts = torch::stack(columns, 1);
    auto centers = tokens.slice(0, this->window_size, this->window_size + n);
    return {contexts, centers};
}

torch::Tensor CBOW::forward(torch::Tensor x) {
    x = this->embeddings(x);
    x = torch::mean(x, /*dim=*/1);
    return this->linear(x);
}

torch::Tensor CBOW::operator()(torch::Tensor input) {
    return this->embeddings(input.to(torch::Device(this->device)));
}

double CBOW::fit(torch::Tensor data, short batch_size, int64_t num_epochs) {
    auto windows = make_windows(data);
    auto contexts = std::get<0>(windows);
    auto centers = std::get<1>(windows);
    const int64_t n = contexts.size(0);

    this->train();
    double last_loss = 0.0;
    for (int64_t epoch = 1; epoch <= num_epochs; ++epoch) {
        double sum_loss = 0;
        auto perm = torch::randperm(n, torch::kLong);
        for (int64_t start = 0; start + batch_size <= n; start += batch_size) {
            auto idx = perm.slice(0, start, start + batch_size);
            auto context = contexts.index_select(0, idx).to(torch::Device(this->device));
            auto center = centers.index_select(0, idx).to(torch::Device(this->device));
            this->optim->zero_grad();

            auto outputs = this->forward(context);

            auto log_probs = torch::log(torch::softmax(outputs, /*dim=*/1) + 1e-10);
            auto loss = torch::nll_loss(log_probs, center);
            loss.backward();
            this->optim->step();

            last_loss = loss.item<double>();
            sum_loss += last_loss;
        }
        std::cout << "epoch " << epoch << ", loss: " << sum_loss << std::endl;
    }
    std::cout << "training finished." << std::endl;
    return last_loss;
}

double CBOW::evaluate(torch::Tensor data) {
    torch::NoGradGuard no_grad;
    this->eval();
    auto windows = make_windows(data);
    auto predicted = this->forward(std::get<0>(windows).to(torch::Device(this->device))).argmax(1).to(torch::kCPU);
    return predicted.eq(std::get<1>(windows)).to(torch::kFloat).mean().item<double>();
}
