#pragma once

#include <torch/torch.h>

// Log loss of the click-and-convert probability over all impressions.
torch::Tensor ctcvr_loss(const torch::Tensor &p_ctcvr, const torch::Tensor &conversion);
