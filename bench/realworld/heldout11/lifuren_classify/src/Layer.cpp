#include "lifuren/Layer.hpp"

torch::nn::Sequential lifuren::nn::make_classify_head(const int in, const int hidden, const int classes, const float dropout) {
    return torch::nn::Sequential(
        torch::nn::Linear(torch::nn::LinearOptions(in, hidden)),
        torch::nn::SiLU(),
        torch::nn::Dropout(torch::nn::DropoutOptions(dropout)),
        torch::nn::Linear(torch::nn::LinearOptions(hidden, classes))
    );
}
