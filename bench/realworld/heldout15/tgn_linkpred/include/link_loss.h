#pragma once

#include <torch/torch.h>

#include "link_predictor.h"

// Binary link loss against one sampled negative per positive interaction.
auto link_loss(LinkPredictor& decoder, const torch::Tensor& z_src, const torch::Tensor& z_dst,
               const torch::Tensor& z_neg, const torch::Tensor& collide) -> torch::Tensor;
