#pragma once

#include <torch/torch.h>

// Linear/ReLU layers from the code back to the point, ending in a Sigmoid (points are in [0, 1]).
torch::nn::Sequential make_decoder(int64_t code_size, int64_t first_hidden, int64_t second_hidden,
                                   int64_t out_dim);
