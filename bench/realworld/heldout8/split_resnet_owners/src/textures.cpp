#include "textures.h"

#include <cmath>

ImageSet make_textures(int64_t count, uint64_t seed) {
  torch::manual_seed(seed);
  auto coords = torch::arange(kImageSize, torch::kFloat32);
  auto yy = coords.view({1, kImageSize, 1}).expand({count, kImageSize, kImageSize});
  auto xx = coords.view({1, 1, kImageSize}).expand({count, kImageSize, kImageSize});
  auto f = (torch::rand({count, 1, 1}) * 0.5 + 0.3);
  auto ph = torch::rand({count, 1, 1}) * 2 * M_PI;
  auto ph2 = torch::rand({count, 1, 1}) * 2 * M_PI;
  auto cy = torch::rand({count, 1, 1}) * kImageSize;
  auto cx = torch::rand({count, 1, 1}) * kImageSize;

  std::vector<torch::Tensor> patterns;
  patterns.push_back(torch::sin(f * yy + ph));
  patterns.push_back(torch::sin(f * xx + ph));
  patterns.push_back(torch::sin(f * (xx + yy) / std::sqrt(2.0) + ph));
  patterns.push_back(torch::sign(torch::sin(f * xx + ph)) * torch::sign(torch::sin(f * yy + ph2)));
  patterns.push_back(torch::sin(1.5 * f * torch::sqrt((xx - cx).pow(2) + (yy - cy).pow(2)) + ph));
  auto blobs = torch::zeros({count, kImageSize, kImageSize});
  for (int k = 0; k < 3; ++k) {
    auto by = torch::rand({count, 1, 1}) * kImageSize;
    auto bx = torch::rand({count, 1, 1}) * kImageSize;
    blobs = blobs + torch::exp(-((xx - bx).pow(2) + (yy - by).pow(2)) / 6.0);
  }
  patterns.push_back(blobs * 2 - 1);
  auto all = torch::stack(patterns, 1);                                  // [N, 6, H, W]

  auto labels = torch::randint(kNumClasses, {count}, torch::kLong);
  auto onehot = torch::one_hot(labels, kNumClasses).to(torch::kFloat32).view({count, kNumClasses, 1, 1});
  auto pattern = (all * onehot).sum(1, true);                            // [N, 1, H, W]
  auto colour = torch::rand({count, 3, 1, 1}) * 0.8 + 0.2;
  auto images = colour * pattern + 0.6 * torch::randn({count, 3, kImageSize, kImageSize});
  return {images, labels};
}

std::vector<ImageSet> split_among_owners(const ImageSet &set, int64_t owners) {
  const int64_t n = set.labels.size(0);
  auto preferred = set.labels.remainder(owners);
  auto random_owner = torch::randint(owners, {n}, torch::kLong);
  auto owner = torch::where(torch::rand({n}) < 0.6, preferred, random_owner);
  std::vector<ImageSet> out;
  for (int64_t k = 0; k < owners; ++k) {
    auto idx = (owner == k).nonzero().squeeze(1);
    out.push_back({set.images.index_select(0, idx), set.labels.index_select(0, idx)});
  }
  return out;
}
