// Kim (2014) CNN for sentence classification, randomly initialised embeddings.
#pragma once

#include <torch/torch.h>

#include <vector>

class TextCNNImpl : public torch::nn::Module {
 public:
    TextCNNImpl(int64_t vocab_size, int64_t embed_dim, int64_t num_classes, int64_t num_filters,
                const std::vector<int64_t>& filter_sizes, double dropout);

    torch::Tensor forward(torch::Tensor x);

 private:
    torch::nn::Embedding embedding{nullptr};
    std::vector<torch::nn::Conv2d> convs;
    torch::nn::Dropout dropout{nullptr};
    torch::nn::Linear fc{nullptr};
};

TORCH_MODULE(TextCNN);
