#pragma once

#include <torch/torch.h>

#include <vector>

// Linear + ReLU per entry of `hidden`, then a Linear to out_dim (optionally tanh-squashed).
torch::nn::Sequential build_mlp(int64_t in_dim, int64_t out_dim, const std::vector<int64_t> &hidden,
                                bool tanh_out);
