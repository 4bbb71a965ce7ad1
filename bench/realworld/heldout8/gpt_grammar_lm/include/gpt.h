#pragma once

#include <torch/torch.h>

#include "gpt_config.h"

class GPTImpl : public torch::nn::Module {
 public:
  explicit GPTImpl(const GptConfig &cfg);
  torch::Tensor forward(const torch::Tensor &idx);
  torch::Tensor generate(torch::Tensor idx, int64_t new_tokens);

 private:
  torch::nn::Embedding token_embedding_{nullptr};
  torch::nn::Embedding position_embedding_{nullptr};
  torch::nn::ModuleList blocks_{nullptr};
  torch::nn::LayerNorm ln_f_{nullptr};
  torch::nn::Linear lm_head_{nullptr};
};
TORCH_MODULE(GPT);

// Builds the model for a configuration (defined in gpt.cpp).
GPT make_gpt(const GptConfig &cfg);
