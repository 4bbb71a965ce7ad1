#pragma once
#include <torch/torch.h>

// Standardises each row of a hidden layer to zero mean and unit variance
// (a layer norm without affine parameters).
torch::Tensor feature_norm(const torch::Tensor& x);
