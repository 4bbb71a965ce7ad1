#pragma once

#include <torch/torch.h>

#include <vector>

constexpr int64_t kNumClasses = 6;
constexpr int64_t kImageSize = 16;

struct ImageSet {
  torch::Tensor images;  // [N, 3, 16, 16]
  torch::Tensor labels;  // [N]
};

// Six texture classes (horizontal, vertical and diagonal stripes, checkers, rings, blobs).
ImageSet make_textures(int64_t count, uint64_t seed);
// Splits a set among data owners with skewed class proportions.
std::vector<ImageSet> split_among_owners(const ImageSet &set, int64_t owners);
