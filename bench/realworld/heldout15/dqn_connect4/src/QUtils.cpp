#include "QUtils.h"

torch::Tensor masked_max_q(const torch::Tensor& q, const torch::Tensor& legal) {
    auto masked = q.masked_fill(legal.logical_not(), -1e9);
    return std::get<0>(masked.max(1));
}

int64_t greedy_action(const torch::Tensor& q, const torch::Tensor& legal) {
    auto masked = q.masked_fill(legal.logical_not(), -1e9);
    return masked.argmax().item<int64_t>();
}
