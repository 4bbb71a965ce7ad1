#pragma once

#include <torch/torch.h>

// Binary cross-entropy on the logits (the original's loss) plus a focal term.
torch::Tensor segmentation_loss(const torch::Tensor& logits, const torch::Tensor& target);

double dice_score(const torch::Tensor& logits, const torch::Tensor& target);
