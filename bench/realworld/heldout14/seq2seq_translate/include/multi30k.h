#ifndef MULTI30K_H_
#define MULTI30K_H_

#include <array>
#include <cstdint>
#include <vector>
#include <torch/torch.h>

// Special symbols, as the PyTorch translation tutorial numbers them.
enum SpecialSymbols : int64_t { UNK_IDX = 0, PAD_IDX = 1, BOS_IDX = 2, EOS_IDX = 3, NUM_SPECIALS = 4 };

// {source, target} vocabulary sizes: 20 source words, 40 target words, plus the specials.
constexpr std::array<int64_t, 2> kVocabSizes = {24, 44};
constexpr int64_t kSrcWords = 20;
constexpr int64_t kMaxLen = 8;

struct TranslationBatch {
  torch::Tensor src;  // [S, B] (sequence first, as nn::Transformer wants)
  torch::Tensor tgt;  // [T, B]
};

// A synthetic stand-in for Multi30k de->en: the target is the source read backwards, each
// source word w written as one of two target words depending on its position.
class MULTI30KImpl {
 public:
  enum class Mode { kTrain, kTest };
  MULTI30KImpl(Mode mode, int64_t num_pairs);
  std::vector<TranslationBatch> batches(int64_t batch_size, bool shuffle) const;
  int64_t size() const { return src_.size(0); }

 private:
  torch::Tensor src_;  // [N, kMaxLen + 2]
  torch::Tensor tgt_;  // [N, kMaxLen + 2]
};

#endif  // MULTI30K_H_
