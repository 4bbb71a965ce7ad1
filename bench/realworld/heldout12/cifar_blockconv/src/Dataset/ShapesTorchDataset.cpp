//
// Ten classes of small colour images, drawn in memory.
//

#include "Dataset/ShapesTorchDataset.h"

#include <cmath>
#include <random>

namespace {

bool inside(int shape, float dx, float dy, float r) {
  switch (shape) {
    case 0: return std::abs(dx) <= r && std::abs(dy) <= r;                          // square
    case 1: return dx * dx + dy * dy <= r * r;                                      // disc
    case 2: return dy >= -r && dy <= r && std::abs(dx) <= (dy + r) * 0.5f;          // triangle
    case 3: return (std::abs(dx) <= r * 0.3f && std::abs(dy) <= r) ||
                   (std::abs(dy) <= r * 0.3f && std::abs(dx) <= r);                 // cross
    default: return std::abs(dx) <= r && std::abs(dy) <= r * 0.35f;                 // bar
  }
}

}  // namespace

ShapesTorchDataset::ShapesTorchDataset(int64_t size, uint64_t seed) {
  std::mt19937 gen(static_cast<uint32_t>(seed));
  std::uniform_int_distribution<int> classDist(0, kNumClasses - 1);
  std::uniform_real_distribution<float> unit(0.f, 1.f);
  std::normal_distribution<float> noise(0.f, 0.08f);

  images_ = torch::zeros({size, 3, kImageSide, kImageSide});
  labels_ = torch::zeros({size}, torch::kLong);
  auto img = images_.accessor<float, 4>();
  auto lab = labels_.accessor<int64_t, 1>();

  for (int64_t i = 0; i < size; i++) {
    const int label = classDist(gen);
    const int shape = label % 5;
    const bool warm = label >= 5;
    const float r = 4.f + 3.f * unit(gen);
    const float cx = 6.f + 8.f * unit(gen);
    const float cy = 6.f + 8.f * unit(gen);
    const float angle = 0.6f * (unit(gen) - 0.5f);
    const float fg[3] = {warm ? 0.8f + 0.2f * unit(gen) : 0.2f * unit(gen), 0.3f * unit(gen),
                         warm ? 0.2f * unit(gen) : 0.8f + 0.2f * unit(gen)};
    const float bg = 0.3f * unit(gen);
    for (int y = 0; y < kImageSide; y++) {
      for (int x = 0; x < kImageSide; x++) {
        const float ux = x - cx, uy = y - cy;
        const float dx = std::cos(angle) * ux + std::sin(angle) * uy;
        const float dy = -std::sin(angle) * ux + std::cos(angle) * uy;
        const bool on = inside(shape, dx, dy, r);
        for (int c = 0; c < 3; c++) {
          img[i][c][y][x] = (on ? fg[c] : bg) + noise(gen);
        }
      }
    }
    lab[i] = label;
  }
}

torch::data::Example<> ShapesTorchDataset::get(size_t index) {
  return {images_[index], labels_[index]};
}

torch::optional<size_t> ShapesTorchDataset::size() const {
  return images_.size(0);
}
