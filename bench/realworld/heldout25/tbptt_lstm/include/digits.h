#pragma once

#include <cstdint>
#include <vector>

// Synthetic stand-in for the MNIST reader: 28 x 28 grey images of ten
// "digits", each a few bars whose rows and columns depend on the digit.
struct DigitsDataset {
  std::vector<std::vector<uint8_t>> training_images;
  std::vector<uint8_t> training_labels;
};

DigitsDataset make_digits(int count, unsigned seed);
