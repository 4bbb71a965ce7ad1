#ifndef SRC_COMMON_CONFIG_HPP_
#define SRC_COMMON_CONFIG_HPP_

#include <cstdint>

// clang-format off

constexpr int64_t HIDDEN_SIZE = 50;
constexpr int64_t OUTPUT_SIZE = 4;
constexpr int64_t MAX_SIZE = 100;
constexpr int64_t SEQ_LEN = 30;
constexpr int64_t BATCH_SIZE = 8;
constexpr int64_t WINDOW_SIZE = SEQ_LEN + BATCH_SIZE - 1;
constexpr int64_t N_LAYERS = 2;
constexpr double DROPOUT = 0.1;
constexpr double LEARNING_RATE = 5e-3;
constexpr double MIN_LEARNING_RATE = 5e-4;
constexpr double LR_DECAY = 0.995;

// clang-format on

#endif  // SRC_COMMON_CONFIG_HPP_
