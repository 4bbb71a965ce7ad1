#ifndef LOSSES_H
#define LOSSES_H

#include <torch/torch.h>

// Binary focal loss (Lin et al.) on the logits of a one-channel mask.
torch::Tensor focal_loss(const torch::Tensor& logits, const torch::Tensor& target, double alpha, double gamma);

// Soft Dice loss on the same logits.
torch::Tensor dice_loss(const torch::Tensor& logits, const torch::Tensor& target);

// Intersection over union of the thresholded prediction, averaged over the batch.
double mean_iou(const torch::Tensor& logits, const torch::Tensor& target);

#endif // LOSSES_H
