#include "heads.h"

#include <cmath>

ContextHeadImpl::ContextHeadImpl(int64_t d_model, int64_t output_dim) : d_model_(d_model)
{
    query = register_module("query", torch::nn::Linear(d_model, d_model));
    proj = register_module("proj", torch::nn::Linear(d_model, output_dim));
}

torch::Tensor ContextHeadImpl::forward(torch::Tensor memory, torch::Tensor valid)
{
    // memory: [batch, src_len, d_model]
    auto q = query->forward(memory.mean(1, true));
    auto scores = torch::matmul(q, memory.transpose(1, 2)).squeeze(1) / std::sqrt(static_cast<double>(d_model_));
    scores = torch::where(valid, scores, torch::full_like(scores, -1e9));
    auto weights = torch::softmax(scores, -1);
    auto context = torch::bmm(weights.unsqueeze(1).to(memory.scalar_type()), memory).squeeze(1);
    return proj->forward(context);
}
