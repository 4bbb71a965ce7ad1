#pragma once

#include <torch/torch.h>

// Additive attention scorer over the recurrent states: [N, T, in_features] -> [N, T, 1].
torch::nn::Sequential make_attention_scorer(int64_t in_features, int64_t att_dim);
