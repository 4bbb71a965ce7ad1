#include "gpt.h"

#include "block.h"

GPTImpl::GPTImpl(const GptConfig &cfg) {
  token_embedding_ = register_module("token_embedding", torch::nn::Embedding(kVocab, kEmbedSize));
  position_embedding_ = register_module("position_embedding", torch::nn::Embedding(kSeqLen, kEmbedSize));
  blocks_ = register_module("blocks", torch::nn::ModuleList());
  for (int64_t i = 0; i < cfg.num_layers; ++i) {
    blocks_->push_back(Block(kEmbedSize, cfg.num_heads));
  }
  ln_f_ = register_module("ln_f", torch::nn::LayerNorm(torch::nn::LayerNormOptions({kEmbedSize})));
  lm_head_ = register_module("lm_head", torch::nn::Linear(kEmbedSize, kVocab));
}

torch::Tensor GPTImpl::forward(const torch::Tensor &idx) {
  const int64_t T = idx.size(1);
  auto positions = torch::arange(T, torch::TensorOptions().dtype(torch::kLong).device(idx.device()));
  auto x = token_embedding_(idx) + position_embedding_(positions);
  for (const auto &block : *blocks_) {
    x = block->as<Block>()->forward(x);
  }
  return lm_head_(ln_f_(x));
}

torch::Tensor GPTImpl::generate(torch::Tensor idx, int64_t new_tokens) {
  torch::NoGradGuard no_grad;
  for (int64_t i = 0; i < new_tokens; ++i) {
    auto context = idx.slice(1, std::max<int64_t>(0, idx.size(1) - kSeqLen), idx.size(1));
    auto logits = forward(context).select(1, context.size(1) - 1);
    auto probs = torch::softmax(logits, -1);
    idx = torch::cat({idx, torch::multinomial(probs, 1)}, 1);
  }
  return idx;
}

GPT make_gpt(const GptConfig &cfg) { return GPT(cfg); }
