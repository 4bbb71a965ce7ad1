#pragma once
#include <torch/torch.h>

// Generalised-mean pooling over the spatial dimensions: (mean(x^p))^(1/p), bchw -> bc.
torch::Tensor gem_pool(const torch::Tensor &x, double p);
