#include "layers.h"

#include <cmath>

#include "utils.h"

MultiHeadAttentionImpl::MultiHeadAttentionImpl(int64_t d_model, int64_t num_heads)
    : d_model_(d_model), num_heads_(num_heads), head_dim_(d_model / num_heads) {
  qkv_layer_ = register_module("qkv_layer", torch::nn::Linear(d_model, 3 * d_model));
  linear_layer_ = register_module("linear_layer", torch::nn::Linear(d_model, d_model));
}

torch::Tensor MultiHeadAttentionImpl::forward(torch::Tensor x, torch::Tensor mask) {
  const int64_t B = x.size(0);
  const int64_t T = x.size(1);
  auto qkv = qkv_layer_->forward(x);
  qkv = qkv.reshape({B, T, num_heads_, 3 * head_dim_}).permute({0, 2, 1, 3});
  auto parts = qkv.chunk(3, -1);
  auto values = scaled_dot_product(parts[0], parts[1], parts[2], mask);
  values = values.permute({0, 2, 1, 3}).reshape({B, T, num_heads_ * head_dim_});
  return linear_layer_->forward(values);
}

MultiHeadCrossAttentionImpl::MultiHeadCrossAttentionImpl(int64_t d_model, int64_t num_heads)
    : d_model_(d_model), num_heads_(num_heads), head_dim_(d_model / num_heads) {
  kv_layer_ = register_module("kv_layer", torch::nn::Linear(d_model, 2 * d_model));
  q_layer_ = register_module("q_layer", torch::nn::Linear(d_model, d_model));
  linear_layer_ = register_module("linear_layer", torch::nn::Linear(d_model, d_model));
}

torch::Tensor MultiHeadCrossAttentionImpl::forward(torch::Tensor x, torch::Tensor y,
                                                   torch::Tensor mask) {
  const int64_t B = x.size(0);
  const int64_t T = x.size(1);
  auto kv = kv_layer_->forward(x).reshape({B, T, num_heads_, 2 * head_dim_}).permute({0, 2, 1, 3});
  auto q = q_layer_->forward(y).reshape({B, T, num_heads_, head_dim_}).permute({0, 2, 1, 3});
  auto kv_parts = kv.chunk(2, -1);
  auto values = scaled_dot_product(q, kv_parts[0], kv_parts[1], mask);
  values = values.permute({0, 2, 1, 3}).reshape({B, T, d_model_});
  return linear_layer_->forward(values);
}

FeedForwardImpl::FeedForwardImpl(int64_t d_model, int64_t hidden, double drop_prob)
    : net_(register_module("net", torch::nn::Sequential(torch::nn::Linear(d_model, hidden),
                                                        torch::nn::ReLU(),
                                                        torch::nn::Dropout(drop_prob),
                                                        torch::nn::Linear(hidden, d_model)))) {}

torch::Tensor FeedForwardImpl::forward(torch::Tensor x) { return net_->forward(x); }

SentenceEmbeddingImpl::SentenceEmbeddingImpl(
    int64_t max_sequence_length, int64_t d_model,
    std::unordered_map<std::string, int64_t> language_to_index, std::string start_token,
    std::string end_token, std::string padding_token)
    : max_sequence_length_(max_sequence_length),
      d_model_(d_model),
      language_to_index_(std::move(language_to_index)),
      START_TOKEN_(std::move(start_token)),
      END_TOKEN_(std::move(end_token)),
      PADDING_TOKEN_(std::move(padding_token)) {
  const int64_t vocab_size = static_cast<int64_t>(language_to_index_.size());
  embedding_ = register_module("embedding", torch::nn::Embedding(vocab_size, d_model));
  dropout_ = register_module("dropout", torch::nn::Dropout(0.1));
  // Sinusoidal positional encoding (PositionalEncoding of the original).
  auto even_i = torch::arange(0, d_model, 2, torch::kFloat);
  auto denominator = torch::pow(10000.0, even_i / static_cast<double>(d_model));
  auto position = torch::arange(max_sequence_length, torch::kFloat).reshape({max_sequence_length, 1});
  auto even_pe = torch::sin(position / denominator);
  auto odd_pe = torch::cos(position / denominator);
  position_encoding_ = register_buffer(
      "position_encoding", torch::stack({even_pe, odd_pe}, 2).flatten(1, 2));
}

torch::Tensor SentenceEmbeddingImpl::batch_tokenize(const std::vector<std::string>& batch,
                                                    bool start_token, bool end_token) {
  std::vector<torch::Tensor> tokenized;
  for (const auto& sentence : batch) {
    std::vector<int64_t> indices;
    if (start_token) indices.push_back(language_to_index_.at(START_TOKEN_));
    for (char c : sentence) indices.push_back(language_to_index_.at(std::string(1, c)));
    if (end_token) indices.push_back(language_to_index_.at(END_TOKEN_));
    while (static_cast<int64_t>(indices.size()) < max_sequence_length_) {
      indices.push_back(language_to_index_.at(PADDING_TOKEN_));
    }
    indices.resize(max_sequence_length_);
    tokenized.push_back(torch::tensor(indices, torch::kLong));
  }
  return torch::stack(tokenized).to(position_encoding_.device());
}

torch::Tensor SentenceEmbeddingImpl::forward(const std::vector<std::string>& x, bool start_token,
                                             bool end_token) {
  auto tokenized = batch_tokenize(x, start_token, end_token);
  auto embedded = embedding_->forward(tokenized);
  return dropout_->forward(embedded + position_encoding_);
}

EncoderLayerImpl::EncoderLayerImpl(int64_t d_model, int64_t ffn_hidden, int64_t num_heads,
                                   double drop_prob)
    : attention_(register_module("attention", MultiHeadAttention(d_model, num_heads))),
      norm1_(register_module("norm1", torch::nn::LayerNorm(torch::nn::LayerNormOptions({d_model})))),
      dropout1_(register_module("dropout1", torch::nn::Dropout(drop_prob))),
      ffn_(register_module("ffn", FeedForward(d_model, ffn_hidden, drop_prob))),
      norm2_(register_module("norm2", torch::nn::LayerNorm(torch::nn::LayerNormOptions({d_model})))),
      dropout2_(register_module("dropout2", torch::nn::Dropout(drop_prob))) {}

torch::Tensor EncoderLayerImpl::forward(torch::Tensor x, torch::Tensor self_attention_mask) {
  auto residual_x = x;
  x = attention_->forward(x, self_attention_mask);
  x = norm1_(dropout1_(x) + residual_x);
  residual_x = x;
  x = ffn_->forward(x);
  return norm2_(dropout2_(x) + residual_x);
}

DecoderLayerImpl::DecoderLayerImpl(int64_t d_model, int64_t ffn_hidden, int64_t num_heads,
                                   double drop_prob)
    : self_attention_(register_module("self_attention", MultiHeadAttention(d_model, num_heads))),
      norm1_(register_module("norm1", torch::nn::LayerNorm(torch::nn::LayerNormOptions({d_model})))),
      cross_attention_(
          register_module("cross_attention", MultiHeadCrossAttention(d_model, num_heads))),
      norm2_(register_module("norm2", torch::nn::LayerNorm(torch::nn::LayerNormOptions({d_model})))),
      ffn_(register_module("ffn", FeedForward(d_model, ffn_hidden, drop_prob))),
      norm3_(register_module("norm3", torch::nn::LayerNorm(torch::nn::LayerNormOptions({d_model})))),
      dropout_(register_module("dropout", torch::nn::Dropout(drop_prob))) {}

torch::Tensor DecoderLayerImpl::forward(torch::Tensor x, torch::Tensor y,
                                        torch::Tensor self_attention_mask,
                                        torch::Tensor cross_attention_mask) {
  auto residual_y = y;
  y = self_attention_->forward(y, self_attention_mask);
  y = norm1_(dropout_(y) + residual_y);
  residual_y = y;
  y = cross_attention_->forward(x, y, cross_attention_mask);
  y = norm2_(dropout_(y) + residual_y);
  residual_y = y;
  y = ffn_->forward(y);
  return norm3_(dropout_(y) + residual_y);
}
