#pragma once

#include <torch/torch.h>

#include <string>
#include <unordered_map>
#include <vector>

class MultiHeadAttentionImpl : public torch::nn::Module {
 public:
  MultiHeadAttentionImpl(int64_t d_model, int64_t num_heads);
  torch::Tensor forward(torch::Tensor x, torch::Tensor mask);

 private:
  int64_t d_model_;
  int64_t num_heads_;
  int64_t head_dim_;
  torch::nn::Linear qkv_layer_{nullptr};
  torch::nn::Linear linear_layer_{nullptr};
};
TORCH_MODULE(MultiHeadAttention);

class MultiHeadCrossAttentionImpl : public torch::nn::Module {
 public:
  MultiHeadCrossAttentionImpl(int64_t d_model, int64_t num_heads);
  torch::Tensor forward(torch::Tensor x, torch::Tensor y, torch::Tensor mask);

 private:
  int64_t d_model_;
  int64_t num_heads_;
  int64_t head_dim_;
  torch::nn::Linear kv_layer_{nullptr};
  torch::nn::Linear q_layer_{nullptr};
  torch::nn::Linear linear_layer_{nullptr};
};
TORCH_MODULE(MultiHeadCrossAttention);

class FeedForwardImpl : public torch::nn::Module {
 public:
  FeedForwardImpl(int64_t d_model, int64_t hidden, double drop_prob);
  torch::Tensor forward(torch::Tensor x);

 private:
  torch::nn::Sequential net_{nullptr};
};
TORCH_MODULE(FeedForward);

class SentenceEmbeddingImpl : public torch::nn::Module {
 public:
  SentenceEmbeddingImpl(int64_t max_sequence_length, int64_t d_model,
                        std::unordered_map<std::string, int64_t> language_to_index,
                        std::string start_token, std::string end_token, std::string padding_token);
  torch::Tensor batch_tokenize(const std::vector<std::string>& batch, bool start_token, bool end_token);
  torch::Tensor forward(const std::vector<std::string>& x, bool start_token, bool end_token);

 private:
  int64_t max_sequence_length_;
  int64_t d_model_;
  std::unordered_map<std::string, int64_t> language_to_index_;
  std::string START_TOKEN_, END_TOKEN_, PADDING_TOKEN_;
  torch::nn::Embedding embedding_{nullptr};
  torch::nn::Dropout dropout_{nullptr};
  torch::Tensor position_encoding_;
};
TORCH_MODULE(SentenceEmbedding);

class EncoderLayerImpl : public torch::nn::Module {
 public:
  EncoderLayerImpl(int64_t d_model, int64_t ffn_hidden, int64_t num_heads, double drop_prob);
  torch::Tensor forward(torch::Tensor x, torch::Tensor self_attention_mask);

 private:
  MultiHeadAttention attention_{nullptr};
  torch::nn::LayerNorm norm1_{nullptr};
  torch::nn::Dropout dropout1_{nullptr};
  FeedForward ffn_{nullptr};
  torch::nn::LayerNorm norm2_{nullptr};
  torch::nn::Dropout dropout2_{nullptr};
};
TORCH_MODULE(EncoderLayer);

class DecoderLayerImpl : public torch::nn::Module {
 public:
  DecoderLayerImpl(int64_t d_model, int64_t ffn_hidden, int64_t num_heads, double drop_prob);
  torch::Tensor forward(torch::Tensor x, torch::Tensor y, torch::Tensor self_attention_mask,
                        torch::Tensor cross_attention_mask);

 private:
  MultiHeadAttention self_attention_{nullptr};
  torch::nn::LayerNorm norm1_{nullptr};
  MultiHeadCrossAttention cross_attention_{nullptr};
  torch::nn::LayerNorm norm2_{nullptr};
  FeedForward ffn_{nullptr};
  torch::nn::LayerNorm norm3_{nullptr};
  torch::nn::Dropout dropout_{nullptr};
};
TORCH_MODULE(DecoderLayer);
