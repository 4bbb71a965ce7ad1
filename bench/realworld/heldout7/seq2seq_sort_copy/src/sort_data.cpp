#include "sort_data.h"

#include <algorithm>
#include <vector>

#include "vocab.h"

SortBatch make_sort_batch(int64_t batch_size, std::mt19937 &rng) {
  std::uniform_int_distribution<int64_t> len_dist(kMinLen, kMaxLen);
  std::uniform_int_distribution<int64_t> sym_dist(kNumSpecial, kVocabSize - 1);
  const int64_t src_len = kMaxLen;
  const int64_t tgt_len = kMaxLen + 1;

  auto src = torch::full({src_len, batch_size}, kPad, torch::kLong);
  auto tgt_in = torch::full({tgt_len, batch_size}, kPad, torch::kLong);
  auto tgt_out = torch::full({tgt_len, batch_size}, kPad, torch::kLong);
  auto src_a = src.accessor<int64_t, 2>();
  auto in_a = tgt_in.accessor<int64_t, 2>();
  auto out_a = tgt_out.accessor<int64_t, 2>();

  for (int64_t b = 0; b < batch_size; ++b) {
    const int64_t len = len_dist(rng);
    std::vector<int64_t> seq(len);
    for (auto &tok : seq) tok = sym_dist(rng);
    for (int64_t t = 0; t < len; ++t) src_a[t][b] = seq[t];
    std::sort(seq.begin(), seq.end());
    in_a[0][b] = kBos;
    for (int64_t t = 0; t < len; ++t) {
      in_a[t + 1][b] = seq[t];
      out_a[t][b] = seq[t];
    }
    out_a[len][b] = kEos;
  }

  SortBatch batch;
  batch.src = src;
  batch.tgt_in = tgt_in;
  batch.tgt_out = tgt_out;
  batch.src_pad = src.eq(kPad).t().contiguous();
  batch.tgt_pad = tgt_in.eq(kPad).t().contiguous();
  return batch;
}
