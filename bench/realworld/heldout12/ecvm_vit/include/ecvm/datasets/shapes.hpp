#ifndef SHAPES_HPP
#define SHAPES_HPP

#include <torch/torch.h>

#include <cmath>
#include <random>
#include <utility>

// Images of two coloured shapes each, with one label per (shape, colour) pair:
// 4 shapes x 5 colours = 20 labels, two of them present in every image.
namespace ecvm::datasets {

inline constexpr int kShapes = 4;
inline constexpr int kColours = 5;

inline auto make_shapes(int64_t count, int side, uint32_t seed) -> std::pair<torch::Tensor, torch::Tensor> {
  static const float palette[kColours][3] = {
      {0.9f, 0.1f, 0.1f}, {0.1f, 0.8f, 0.1f}, {0.15f, 0.25f, 0.95f}, {0.9f, 0.85f, 0.1f}, {0.95f, 0.95f, 0.95f}};
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> unit(0.f, 1.f);
  std::normal_distribution<float> noise(0.f, 0.05f);

  auto images = torch::zeros({count, 3, side, side});
  auto targets = torch::zeros({count, kShapes * kColours});
  auto img = images.accessor<float, 4>();
  auto tgt = targets.accessor<float, 2>();

  for (int64_t i = 0; i < count; i++) {
    const int first = static_cast<int>(gen() % (kShapes * kColours));
    int second = static_cast<int>(gen() % (kShapes * kColours - 1));
    if (second >= first) second++;
    const int labels[2] = {first, second};
    // the two objects go to opposite halves of the image
    const bool vertical = unit(gen) < 0.5f;
    for (int o = 0; o < 2; o++) {
      const int shape = labels[o] / kColours;
      const int colour = labels[o] % kColours;
      const float r = side * (0.14f + 0.06f * unit(gen));
      const float along = side * (0.25f + 0.5f * o) + side * 0.08f * (unit(gen) - 0.5f);
      const float across = side * (0.3f + 0.4f * unit(gen));
      const float cx = vertical ? across : along;
      const float cy = vertical ? along : across;
      for (int y = 0; y < side; y++) {
        for (int x = 0; x < side; x++) {
          const float dx = x - cx, dy = y - cy;
          bool on = false;
          switch (shape) {
            case 0: on = std::abs(dx) <= r && std::abs(dy) <= r; break;
            case 1: on = dx * dx + dy * dy <= r * r; break;
            case 2: on = dy >= -r && dy <= r && std::abs(dx) <= (dy + r) * 0.5f; break;
            default: on = (std::abs(dx) <= r * 0.3f && std::abs(dy) <= r) ||
                          (std::abs(dy) <= r * 0.3f && std::abs(dx) <= r); break;
          }
          if (on) {
            for (int c = 0; c < 3; c++) img[i][c][y][x] = palette[colour][c];
          }
        }
      }
      tgt[i][labels[o]] = 1.f;
    }
  }
  images.add_(torch::randn(images.sizes(), at::TensorOptions().dtype(torch::kFloat)) * 0.05);
  return {images, targets};
}

}  // namespace ecvm::datasets

#endif // !SHAPES_HPP
