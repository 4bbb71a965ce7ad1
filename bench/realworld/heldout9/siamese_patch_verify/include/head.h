#pragma once

#include <torch/torch.h>

// similarity head on |e_1 - e_2|: probability that both images show the same part
torch::nn::Sequential make_similarity_head(int64_t in_features, int64_t hidden);
