// dataloader.h
// Chapter 2 / 5: token batches for next-token prediction.
#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <vector>

namespace ch2 {

// size of the toy character vocabulary: 26 letters twice (lower, upper case), 10 digits,
// 28 punctuation and control symbols
constexpr int64_t kVocabSize = 26 * 2 + 10 + 28;

struct GPTBatch {
    torch::Tensor inputs;   // [batch, max_length]
    torch::Tensor targets;  // [batch, max_length], inputs shifted by one
};

// Token streams of a toy "language": each document walks the vocabulary with its own stride
// and restarts at a random token after a full stop.
std::vector<int64_t> make_token_stream(int64_t num_tokens, uint64_t seed);

// GPTDatasetV1 + create_dataloader_v1: sliding windows of max_length tokens with a stride,
// shuffled and cut into batches.
std::vector<GPTBatch> create_dataloader_v1(const std::vector<int64_t>& token_ids,
                                           int64_t batch_size, int64_t max_length,
                                           int64_t stride, bool shuffle, bool drop_last);

}  // namespace ch2
