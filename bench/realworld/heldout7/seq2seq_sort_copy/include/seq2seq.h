#pragma once

#include <torch/torch.h>

#include "copy_head.h"
#include "layers.h"
#include "model_config.h"

class Seq2SeqImpl : public torch::nn::Module {
 public:
  explicit Seq2SeqImpl(const ModelConfig &cfg);
  torch::Tensor forward(torch::Tensor src, torch::Tensor tgt_in, torch::Tensor src_pad,
                        torch::Tensor tgt_pad);
  torch::Tensor greedy_decode(torch::Tensor src, torch::Tensor src_pad, int64_t max_steps);

 private:
  torch::Tensor embed_tokens(torch::Tensor tokens);

  double scale_;
  torch::nn::Embedding embed_;
  torch::nn::Embedding positions_;
  Encoder encoder_{nullptr};
  Decoder decoder_{nullptr};
  torch::nn::Linear generator_{nullptr};
  CopyHead copy_head_{nullptr};
};
TORCH_MODULE(Seq2Seq);
