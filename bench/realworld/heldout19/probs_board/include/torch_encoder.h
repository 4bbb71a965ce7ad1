#pragma once

#include <torch/torch.h>

#include <vector>

#include "board.h"
#include "network.h"

namespace probs {

// Q value of every column for each game: q_values[b][col][landing_row][col], on the CPU; illegal columns get -1000.
torch::Tensor GetQModelEstimation(const std::vector<const game::EnvPlayer *> &envs, ResNet q_model, at::Device &device);

// The Q values of the columns, [B, kCols], read at the landing squares (landing_rows[b][col]; 0 for a full column).
torch::Tensor QValuesOfColumns(const torch::Tensor &q_planes, const torch::Tensor &landing_rows);

// Entropy of the softmax over the legal columns' Q values.
torch::Tensor MaskedPolicyEntropy(const torch::Tensor &q_columns, const torch::Tensor &legal);

}  // namespace probs
