#pragma once

#include <torch/torch.h>

#include "esmm_options.h"

// MLP tower ending in a Sigmoid: [N, in_features] -> [N, 1] probabilities.
torch::nn::Sequential make_tower(int64_t in_features, const TowerOptions &opts);
