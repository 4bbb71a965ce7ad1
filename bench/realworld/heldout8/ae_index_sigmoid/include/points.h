#pragma once

#include <torch/torch.h>

struct PointSet {
  torch::Tensor points;  // [N, POINT_DIM] in [0, 1]
  torch::Tensor key;     // [N] normalised rank of the first latent factor
};

// Points on a curved 2-D manifold in [0, 1]^POINT_DIM, plus their ground-truth ordering key.
PointSet make_points(int64_t count, uint64_t seed);
// For each anchor: a near neighbour (small latent step) and a far point.
void make_triplets(int64_t count, torch::Tensor &anchor, torch::Tensor &positive, torch::Tensor &negative);
