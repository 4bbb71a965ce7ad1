#pragma once

#include <torch/torch.h>

// Pointer-generator output: mixes the tied decoder's vocabulary distribution with a copy
// distribution over the source tokens (the answer of a sorting task is always a copy).
class CopyHeadImpl : public torch::nn::Module {
 public:
  explicit CopyHeadImpl(int64_t hidden);
  // Returns log-probabilities [T, N, V].
  torch::Tensor forward(torch::Tensor dec_out, torch::Tensor memory, torch::Tensor src,
                        torch::Tensor src_pad, torch::Tensor vocab_logits);

 private:
  int64_t hidden_;
  torch::nn::Linear query_;
  torch::nn::Linear gate_;
};
TORCH_MODULE(CopyHead);
