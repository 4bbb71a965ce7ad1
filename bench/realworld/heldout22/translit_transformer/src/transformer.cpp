#include "transformer.h"

#include "utils.h"

TransformerImpl::TransformerImpl(int64_t d_model, int64_t ffn_hidden, int64_t num_heads,
                                 double drop_prob, int64_t num_layers,
                                 int64_t max_sequence_length, int64_t trg_vocab_size,
                                 std::unordered_map<std::string, int64_t> src_to_index,
                                 std::unordered_map<std::string, int64_t> trg_to_index,
                                 std::unordered_map<int64_t, std::string> index_to_trg,
                                 std::string START_TOKEN, std::string END_TOKEN,
                                 std::string PADDING_TOKEN)
    : max_sequence_length_(max_sequence_length),
      trg_vocab_size_(trg_vocab_size),
      trg_to_index_(trg_to_index),
      index_to_trg_(std::move(index_to_trg)),
      START_TOKEN_(START_TOKEN),
      END_TOKEN_(END_TOKEN),
      PADDING_TOKEN_(PADDING_TOKEN),
      device_(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU) {
  encoder_embedding_ = register_module(
      "encoder_embedding", SentenceEmbedding(max_sequence_length, d_model, std::move(src_to_index),
                                             START_TOKEN, END_TOKEN, PADDING_TOKEN));
  decoder_embedding_ = register_module(
      "decoder_embedding", SentenceEmbedding(max_sequence_length, d_model, std::move(trg_to_index),
                                             START_TOKEN, END_TOKEN, PADDING_TOKEN));
  encoder_layers_ = register_module("encoder_layers", torch::nn::ModuleList());
  decoder_layers_ = register_module("decoder_layers", torch::nn::ModuleList());
  for (int64_t i = 0; i < num_layers; ++i) {
    encoder_layers_->push_back(EncoderLayer(d_model, ffn_hidden, num_heads, drop_prob));
    decoder_layers_->push_back(DecoderLayer(d_model, ffn_hidden, num_heads, drop_prob));
  }
  linear_ = register_module("linear", torch::nn::Linear(torch::nn::LinearOptions(d_model, trg_vocab_size)));
}

torch::Tensor TransformerImpl::forward(const std::vector<std::string>& x,
                                       const std::vector<std::string>& y,
                                       torch::Tensor encoder_self_attention_mask,
                                       torch::Tensor decoder_self_attention_mask,
                                       torch::Tensor decoder_cross_attention_mask,
                                       bool enc_start_token, bool enc_end_token,
                                       bool dec_start_token, bool dec_end_token) {
  auto enc = encoder_embedding_->forward(x, enc_start_token, enc_end_token);
  for (const auto& layer : *encoder_layers_) {
    enc = layer->as<EncoderLayer>()->forward(enc, encoder_self_attention_mask);
  }
  auto dec = decoder_embedding_->forward(y, dec_start_token, dec_end_token);
  for (const auto& layer : *decoder_layers_) {
    dec = layer->as<DecoderLayer>()->forward(enc, dec, decoder_self_attention_mask,
                                             decoder_cross_attention_mask);
  }
  return linear_->forward(dec);
}

std::string TransformerImpl::translate(const std::string& src_sentence) {
  torch::NoGradGuard no_grad;
  eval();
  std::vector<std::string> src{src_sentence};
  std::vector<std::string> trg{""};
  for (int64_t word_counter = 0; word_counter + 2 < max_sequence_length_; ++word_counter) {
    torch::Tensor enc_mask, dec_mask, cross_mask;
    std::tie(enc_mask, dec_mask, cross_mask) = create_masks(src, trg, max_sequence_length_);
    auto predictions = forward(src, trg, enc_mask.to(device_), dec_mask.to(device_),
                               cross_mask.to(device_), false, false, true, false);
    const int64_t next_index = predictions[0][word_counter].argmax().item<int64_t>();
    const std::string next_token = index_to_trg_.at(next_index);
    if (next_token == END_TOKEN_ || next_token == PADDING_TOKEN_ || next_token == START_TOKEN_) {
      break;
    }
    trg[0] += next_token;
  }
  return trg[0];
}
