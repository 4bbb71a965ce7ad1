#pragma once

#include <torch/torch.h>

#include <string>
#include <unordered_map>

#include "layers.h"

class TransformerImpl : public torch::nn::Module {
 public:
  TransformerImpl(int64_t d_model, int64_t ffn_hidden, int64_t num_heads, double drop_prob,
                  int64_t num_layers, int64_t max_sequence_length, int64_t trg_vocab_size,
                  std::unordered_map<std::string, int64_t> src_to_index,
                  std::unordered_map<std::string, int64_t> trg_to_index,
                  std::unordered_map<int64_t, std::string> index_to_trg, std::string START_TOKEN,
                  std::string END_TOKEN, std::string PADDING_TOKEN);

  torch::Tensor forward(const std::vector<std::string>& x, const std::vector<std::string>& y,
                        torch::Tensor encoder_self_attention_mask,
                        torch::Tensor decoder_self_attention_mask,
                        torch::Tensor decoder_cross_attention_mask, bool enc_start_token,
                        bool enc_end_token, bool dec_start_token, bool dec_end_token);

  std::string translate(const std::string& src_sentence);

  int64_t max_sequence_length_;
  int64_t trg_vocab_size_;
  std::unordered_map<std::string, int64_t> trg_to_index_;
  std::unordered_map<int64_t, std::string> index_to_trg_;
  std::string START_TOKEN_, END_TOKEN_, PADDING_TOKEN_;
  torch::Device device_;

  SentenceEmbedding encoder_embedding_{nullptr};
  torch::nn::ModuleList encoder_layers_{nullptr};
  SentenceEmbedding decoder_embedding_{nullptr};
  torch::nn::ModuleList decoder_layers_{nullptr};
  torch::nn::Linear linear_{nullptr};
};
TORCH_MODULE(Transformer);
