#include "synthetic_images.hpp"

#include <random>

namespace utils
{
std::vector<Image> make_images(int64_t n, uint32_t seed)
{
  std::mt19937 engine(seed);
  std::uniform_int_distribution<int> colour(0, 255);
  std::uniform_int_distribution<int> corner(0, 20);
  std::uniform_int_distribution<int> extent(6, 12);
  std::vector<Image> images;
  images.reserve(n);
  for (int64_t k = 0; k < n; k++) {
    Image image;
    image.data.resize(image.rows * image.cols * image.channels);
    uint8_t bg[3], fg[3];
    for (int c = 0; c < 3; c++) {
      bg[c] = static_cast<uint8_t>(colour(engine) / 2);
      fg[c] = static_cast<uint8_t>(128 + colour(engine) / 2);
    }
    const int r0 = corner(engine), c0 = corner(engine);
    const int h = extent(engine), w = extent(engine);
    for (int r = 0; r < image.rows; r++) {
      for (int c = 0; c < image.cols; c++) {
        const bool inside = r >= r0 && r < r0 + h && c >= c0 && c < c0 + w;
        for (int ch = 0; ch < 3; ch++) {
          image.data[(r * image.cols + c) * 3 + ch] = inside ? fg[ch] : bg[ch];
        }
      }
    }
    images.push_back(std::move(image));
  }
  return images;
}
}  // namespace utils
