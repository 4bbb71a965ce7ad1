#include "digits.h"

#include <algorithm>
#include <random>

DigitsDataset make_digits(int count, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_int_distribution<int> digit_dist(0, 9);
  std::uniform_int_distribution<int> shift_dist(-1, 1);
  std::uniform_int_distribution<int> noise_dist(0, 40);

  DigitsDataset data;
  for (int n = 0; n < count; ++n) {
    const int digit = digit_dist(gen);
    const int shift = shift_dist(gen);
    std::vector<uint8_t> image(28 * 28);
    for (auto &p : image) p = static_cast<uint8_t>(noise_dist(gen));

    // Odd digits draw their bar in the upper half, even ones low in the image
    // (close to the last rows, whose value target the even ones carry);
    // the column of a short vertical stroke tells the digits apart.
    const int bar_row = (digit % 2 == 0 ? 19 : 4) + digit / 4 + shift;
    for (int r = bar_row; r < bar_row + 3; ++r)
      for (int c = 4; c < 24; ++c) image[r * 28 + c] = 230;
    const int col = 3 + 2 * digit;
    for (int r = 10; r < 18; ++r) image[(r + shift) * 28 + col] = 200;

    data.training_images.push_back(std::move(image));
    data.training_labels.push_back(static_cast<uint8_t>(digit));
  }
  return data;
}
