#pragma once

#include <torch/torch.h>

#include "gru_core.h"
#include "lm_config.h"

struct LmOutput {
  torch::Tensor log_probs;  // [B, T, vocab]
  torch::Tensor hidden;     // [num_layers, B, hidden]
};

// Character language model: tied input/output embeddings, and a learned gate that mixes
// the network's distribution with the unigram distribution of the training text.
class CharLMImpl : public torch::nn::Module {
 public:
  explicit CharLMImpl(const LmConfig& cfg);
  LmOutput forward(torch::Tensor tokens, torch::Tensor h0);
  torch::Tensor initial_state(int64_t batch, torch::Device device) const;
  void set_unigram(const torch::Tensor& counts);

 private:
  torch::nn::Embedding encoder_{nullptr};
  GruCore core_{nullptr};
  torch::nn::Linear proj_{nullptr};
  torch::nn::Linear mix_gate_{nullptr};
  torch::Tensor decoder_bias_;
  torch::Tensor pad_mask_;
  torch::Tensor log_unigram_;
};
TORCH_MODULE(CharLM);
