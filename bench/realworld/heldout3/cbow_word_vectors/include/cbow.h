#pragma once
#include <torch/torch.h>

#include <memory>
#include <string>
#include <tuple>

#include "embed_base.h"

class CBOW : public Model {
public:
    CBOW(int64_t vocab_size, short window_size, int32_t embedding_dim, float lr, std::string device);

    torch::Tensor forward(torch::Tensor x) override;
    torch::Tensor operator()(torch::Tensor input) override;
    double fit(torch::Tensor data, short batch_size, int64_t num_epochs) override;
    double evaluate(torch::Tensor data) override;

private:
    // (contexts, centers) of every window of the token stream
    std::tuple<torch::Tensor, torch::Tensor> make_windows(const torch::Tensor& tokens) const;

    torch::nn::Embedding embeddings{nullptr};
    torch::nn::Linear linear{nullptr};
    std::unique_ptr<torch::optim::Optimizer> optim;
    short window_size;
    int64_t vocab_size;
    std::string device;
};
