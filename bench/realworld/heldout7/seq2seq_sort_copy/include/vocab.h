#pragma once

#include <cstdint>

// Token ids shared by source and target (one vocabulary, one embedding table).
constexpr int64_t kPad = 0;
constexpr int64_t kBos = 1;
constexpr int64_t kEos = 2;
constexpr int64_t kNumSpecial = 3;
constexpr int64_t kNumSymbols = 20;
constexpr int64_t kVocabSize = kNumSpecial + kNumSymbols;

constexpr int64_t kMinLen = 4;
constexpr int64_t kMaxLen = 8;
