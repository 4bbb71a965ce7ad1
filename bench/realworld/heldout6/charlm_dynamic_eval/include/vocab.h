#pragma once

#include <cstdint>

// Index 0 is padding, then the 26 letters, space, '.' and newline.
constexpr int64_t kVocabSize = 30;
constexpr int64_t kPadIndex = 0;

int64_t char_to_index(char c);
char index_to_char(int64_t index);
