#include "tnet.h"

InputTransformImpl::InputTransformImpl(int64_t k, int64_t hidden) {
    this->k = k;
    conv = register_module("conv", torch::nn::Conv1d(torch::nn::Conv1dOptions(k, hidden, 1)));
    bn = register_module("bn", torch::nn::BatchNorm1d(hidden));
    fc = register_module("fc", torch::nn::Linear(hidden, k * k));
    // start from the identity transform
    torch::NoGradGuard no_grad;
    fc->weight.zero_();
    fc->bias.zero_();
}

torch::Tensor InputTransformImpl::forward(torch::Tensor x) {
    // x: {batch, k, points}
    auto h = torch::relu(bn->forward(conv->forward(x)));
    h = std::get<0>(torch::max(h, 2));
    auto transform = fc->forward(h).view({-1, k, k});
    return transform + torch::eye(k, x.options());
}
