#pragma once

#include <cstdint>

// Hyper-parameters of the character translator (the original sets them in
// create_translator(): d_model 512, ffn_hidden 2048, num_heads 8, ...).
namespace cfg {
constexpr int64_t kDModel = 64;
constexpr int64_t kNumHeads = 4;
constexpr int64_t kFfnHidden = 100;
constexpr int64_t kNumLayers = 1;
constexpr double kDropProb = 0.1;
constexpr int64_t kMaxSequenceLength = 12;
constexpr int64_t kBatchSize = 32;
constexpr int kNumEpochs = 8;
}  // namespace cfg
