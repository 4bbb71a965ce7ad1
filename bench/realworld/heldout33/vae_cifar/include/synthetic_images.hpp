#ifndef SYNTHETIC_IMAGES_HPP
#define SYNTHETIC_IMAGES_HPP

#include <cstdint>
#include <vector>

namespace utils
{
// A 32x32 RGB image, 8 bits per channel, interleaved (what cv::imread gives the original).
struct Image
{
  int rows = 32;
  int cols = 32;
  int channels = 3;
  std::vector<uint8_t> data;
};

// Stands in for glob(input_dir) + cv::imread: n images of coloured rectangles on a plain
// background, generated from a fixed seed.
std::vector<Image> make_images(int64_t n, uint32_t seed);
}  // namespace utils

#endif  // SYNTHETIC_IMAGES_HPP
