#pragma once

#include <torch/torch.h>

#include <random>

// One batch of the sorting task, time-first as torch::nn::MultiheadAttention expects.
struct SortBatch {
  torch::Tensor src;      // [S, N] token ids, kPad after the end
  torch::Tensor tgt_in;   // [T, N] kBos + sorted tokens
  torch::Tensor tgt_out;  // [T, N] sorted tokens + kEos
  torch::Tensor src_pad;  // [N, S] true where src is padding
  torch::Tensor tgt_pad;  // [N, T] true where tgt_in is padding
};

SortBatch make_sort_batch(int64_t batch_size, std::mt19937 &rng);
