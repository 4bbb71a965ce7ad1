#include "tagger.h"

TaggerImpl::TaggerImpl(int64_t vocab_size, int64_t d_model, int64_t num_heads, int64_t ffn_dim,
                       int64_t num_layers, int64_t num_tags, int64_t max_len) {
  tokens_emb = register_module("tokens_emb", torch::nn::Embedding(vocab_size, d_model));
  positions_emb = register_module("positions_emb", torch::nn::Embedding(max_len, d_model));
  layers = register_module("layers", torch::nn::ModuleList());
  for (int64_t i = 0; i < num_layers; ++i) {
    layers->push_back(EncoderLayer(d_model, num_heads, ffn_dim));
  }
  classifier = register_module("classifier", torch::nn::Linear(d_model, num_tags));
}

torch::Tensor TaggerImpl::forward(torch::Tensor tokens) {
  auto pad_mask = tokens.eq(0);
  auto positions = torch::arange(tokens.size(1), tokens.options()).unsqueeze(0);
  auto x = tokens_emb(tokens) + positions_emb(positions);
  for (const auto &layer : *layers) {
    x = layer->as<EncoderLayer>()->forward(x, pad_mask);
  }
  return classifier(x);
}
