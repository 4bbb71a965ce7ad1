#pragma once

#include <torch/torch.h>

// Summarises the encoder memory into a per-series level correction, attending
// only over the observed (valid) steps of each series.
class ContextHeadImpl : public torch::nn::Module
{
public:
    ContextHeadImpl(int64_t d_model, int64_t output_dim);
    torch::Tensor forward(torch::Tensor memory, torch::Tensor valid);

private:
    int64_t d_model_;
    torch::nn::Linear query{nullptr};
    torch::nn::Linear proj{nullptr};
};

TORCH_MODULE(ContextHead);
