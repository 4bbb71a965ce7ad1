#include "multi30k.h"

MULTI30KImpl::MULTI30KImpl(Mode mode, int64_t num_pairs) {
  auto gen_opts = torch::TensorOptions().dtype(torch::kInt64);
  src_ = torch::full({num_pairs, kMaxLen + 2}, static_cast<int64_t>(PAD_IDX), gen_opts);
  tgt_ = torch::full({num_pairs, kMaxLen + 2}, static_cast<int64_t>(PAD_IDX), gen_opts);
  // Different sentences for the test split: an offset in the word draws.
  int64_t offset = mode == Mode::kTrain ? 0 : 7;
  auto lengths = torch::randint(5, kMaxLen + 1, {num_pairs}, gen_opts);
  auto words = torch::randint(0, kSrcWords, {num_pairs, kMaxLen}, gen_opts);
  words = (words + offset) % kSrcWords;
  auto src_acc = src_.accessor<int64_t, 2>();
  auto tgt_acc = tgt_.accessor<int64_t, 2>();
  auto len_acc = lengths.accessor<int64_t, 1>();
  auto w_acc = words.accessor<int64_t, 2>();
  for (int64_t n = 0; n < num_pairs; ++n) {
    int64_t len = len_acc[n];
    src_acc[n][0] = BOS_IDX;
    tgt_acc[n][0] = BOS_IDX;
    for (int64_t i = 0; i < len; ++i) {
      src_acc[n][i + 1] = NUM_SPECIALS + w_acc[n][i];
      int64_t w = w_acc[n][len - 1 - i];
      tgt_acc[n][i + 1] = NUM_SPECIALS + 2 * w + (i % 2);
    }
    src_acc[n][len + 1] = EOS_IDX;
    tgt_acc[n][len + 1] = EOS_IDX;
  }
}

std::vector<TranslationBatch> MULTI30KImpl::batches(int64_t batch_size, bool shuffle) const {
  std::vector<TranslationBatch> out;
  auto order = shuffle ? torch::randperm(size(), torch::kInt64) : torch::arange(size(), torch::kInt64);
  for (int64_t start = 0; start + batch_size <= size(); start += batch_size) {
    auto idx = order.slice(0, start, start + batch_size);
    out.push_back({src_.index_select(0, idx).t().contiguous(), tgt_.index_select(0, idx).t().contiguous()});
  }
  return out;
}
