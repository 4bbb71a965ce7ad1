#include "glyph_data.h"

namespace cpp_torch {
namespace test {

namespace {
constexpr int kSide = 12;

torch::Tensor draw_glyph(int cls, torch::Generator &gen) {
  auto img = torch::zeros({kSide, kSide});
  auto jitter = torch::randint(-1, 2, {2}, gen);
  const int dx = jitter[0].item<int>();
  const int dy = jitter[1].item<int>();
  auto put = [&](int r, int c) {
    r += dy;
    c += dx;
    if (r >= 0 && r < kSide && c >= 0 && c < kSide) img[r][c] = 1.0;
  };
  switch (cls) {
    case 0:  // vertical bar
      for (int r = 2; r < 10; ++r) put(r, 6);
      break;
    case 1:  // horizontal bar
      for (int c = 2; c < 10; ++c) put(6, c);
      break;
    case 2:  // diagonal
      for (int k = 2; k < 10; ++k) put(k, k);
      break;
    case 3:  // anti-diagonal
      for (int k = 2; k < 10; ++k) put(k, 11 - k);
      break;
    case 4:  // cross
      for (int k = 2; k < 10; ++k) {
        put(6, k);
        put(k, 6);
      }
      break;
    case 5:  // box
      for (int k = 3; k < 9; ++k) {
        put(3, k);
        put(8, k);
        put(k, 3);
        put(k, 8);
      }
      break;
    case 6:  // two bars
      for (int r = 2; r < 10; ++r) {
        put(r, 3);
        put(r, 8);
      }
      break;
    default:  // L shape
      for (int k = 2; k < 10; ++k) {
        put(k, 3);
        put(9, k);
      }
      break;
  }
  return img + 0.15 * torch::rand({kSide, kSide}, gen);
}
}  // namespace

void make_glyph_dataset(int n, int num_classes, int num_outputs, uint64_t seed,
                        std::vector<torch::Tensor> &images, std::vector<torch::Tensor> &labels) {
  auto gen = at::detail::createCPUGenerator(seed);
  images.clear();
  labels.clear();
  for (int i = 0; i < n; ++i) {
    const int cls = i % num_classes;
    images.push_back(draw_glyph(cls, gen).reshape({1, -1}));
    auto y = torch::zeros({1, num_outputs});
    y[0][cls] = 1.0;
    labels.push_back(y);
  }
}

}  // namespace test
}  // namespace cpp_torch
