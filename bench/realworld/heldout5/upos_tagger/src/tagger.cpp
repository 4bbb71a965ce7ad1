#include "tagger.h"

#include <cmath>

namespace {

torch::Tensor sinusoid_table(int64_t max_len, int64_t dim) {
  using torch::indexing::None;
  using torch::indexing::Slice;
  auto position = torch::arange(max_len, torch::kFloat).unsqueeze(1);
  auto frequency = torch::exp(torch::arange(0, dim, 2, torch::kFloat) * (-std::log(10000.0) / dim));
  auto table = torch::zeros({max_len, dim});
  table.index_put_({Slice(), Slice(0, None, 2)}, torch::sin(position * frequency));
  table.index_put_({Slice(), Slice(1, None, 2)}, torch::cos(position * frequency));
  return table;
}

}  // namespace

TaggerImpl::TaggerImpl(const TaggerConfig& cfg) : num_tags_(cfg.num_tags) {
  word_emb_ = register_module(
      "word_emb",
      torch::nn::Embedding(torch::nn::EmbeddingOptions(cfg.vocab_size, cfg.word_dim).padding_idx(0)));
  shape_emb_ = register_module("shape_emb", torch::nn::Embedding(cfg.num_shapes, cfg.shape_dim));
  in_proj_ = register_module("in_proj", torch::nn::Linear(cfg.word_dim + cfg.shape_dim, cfg.model_dim));
  blocks_ = register_module("blocks", torch::nn::ModuleList());
  for (int64_t i = 0; i < cfg.num_layers; ++i) {
    blocks_->push_back(EncoderBlock(cfg.model_dim, cfg.num_heads, cfg.ffn_dim, cfg.dropout));
  }
  final_norm_ = register_module("final_norm", LayerNorm(cfg.model_dim));
  head_ = register_module("head", torch::nn::Linear(cfg.model_dim, cfg.num_tags));
  positions_ = register_buffer("positions", sinusoid_table(cfg.max_len, cfg.model_dim));
}

torch::Tensor TaggerImpl::forward(const torch::Tensor& words, const torch::Tensor& shapes) {
  auto pad_mask = words.eq(0);
  auto features = torch::cat({word_emb_->forward(words), shape_emb_->forward(shapes)}, -1);
  auto x = in_proj_->forward(features) + positions_.slice(0, 0, words.size(1)).unsqueeze(0);
  for (const auto& block : *blocks_) {
    x = block->as<EncoderBlockImpl>()->forward(x, pad_mask);
  }
  return head_->forward(final_norm_->forward(x));
}
