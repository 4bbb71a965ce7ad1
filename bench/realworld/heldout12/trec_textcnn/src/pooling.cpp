#include<torch/torch.h>

#include "pooling.h"

torch::Tensor window_mask(const torch::Tensor &tokens, int64_t kernel_size) {
    auto real = tokens.ne(0).to(torch::kFloat).unsqueeze(1);
    auto covered = torch::max_pool1d(real, kernel_size, 1);
    return covered.squeeze(1).gt(0.5);
}

torch::Tensor masked_max_over_time(const torch::Tensor &features,
                                   const torch::Tensor &valid) {
    // windows made only of padding must not win the max
    auto masked = features.masked_fill(valid.logical_not().unsqueeze(1), -1e9);
    return std::get<0>(masked.max(2));
}
