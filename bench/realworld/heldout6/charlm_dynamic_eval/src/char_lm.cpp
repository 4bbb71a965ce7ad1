#include "char_lm.h"

#include <cmath>

#include "vocab.h"

CharLMImpl::CharLMImpl(const LmConfig& cfg) {
  encoder_ = register_module("encoder", torch::nn::Embedding(cfg.vocab_size, cfg.embed_dim));
  core_ = register_module("core",
                          GruCore(cfg.embed_dim, cfg.hidden_size, cfg.num_layers, cfg.dropout));
  proj_ = register_module("proj", torch::nn::Linear(cfg.hidden_size, cfg.embed_dim));
  mix_gate_ = register_module("mix_gate", torch::nn::Linear(cfg.hidden_size, 1));
  decoder_bias_ = register_parameter("decoder_bias", torch::zeros({cfg.vocab_size}));
  pad_mask_ = register_buffer("pad_mask", torch::arange(cfg.vocab_size) == kPadIndex);
  log_unigram_ = register_buffer(
      "log_unigram", torch::full({cfg.vocab_size}, -std::log(static_cast<double>(cfg.vocab_size))));
}

void CharLMImpl::set_unigram(const torch::Tensor& counts) {
  torch::NoGradGuard no_grad;
  auto smoothed = counts.to(torch::kFloat) + 1.0;
  log_unigram_.copy_(torch::log(smoothed / smoothed.sum()));
}

LmOutput CharLMImpl::forward(torch::Tensor tokens, torch::Tensor h0) {
  auto embedded = encoder_->forward(tokens);                       // [B, T, E]
  auto core_out = core_->forward(embedded, h0);
  auto features = std::get<0>(core_out);                            // [B, T, H]
  auto projected = torch::tanh(proj_->forward(features));           // [B, T, E]
  auto logits = torch::linear(projected, encoder_->weight, decoder_bias_);  // tied decoder
  logits = logits.masked_fill(pad_mask_, -1e5);                     // padding is never predicted

  auto gate = mix_gate_->forward(features).sigmoid_();              // [B, T, 1]
  auto log_gate = torch::log(gate + 1e-8);
  auto log_rest = torch::log(1 - gate + 1e-8);
  auto log_probs = torch::logaddexp(log_gate + torch::log_softmax(logits, -1),
                                    log_rest + log_unigram_);
  return {log_probs, std::get<1>(core_out)};
}

torch::Tensor CharLMImpl::initial_state(int64_t batch, torch::Device device) const {
  return core_->initial_state(batch, device);
}
