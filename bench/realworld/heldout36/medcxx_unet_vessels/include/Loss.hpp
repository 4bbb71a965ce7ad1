#pragma once

#include <torch/torch.h>

// Soft Dice loss on logits (sigmoid inside)
torch::Tensor diceLoss(torch::Tensor preds, torch::Tensor targets);
