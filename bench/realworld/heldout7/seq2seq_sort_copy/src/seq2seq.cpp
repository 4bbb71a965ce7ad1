#include "seq2seq.h"

#include <cmath>

namespace {

// Additive causal mask for the decoder's self-attention (LibTorch adds attn_mask to the scores).
torch::Tensor make_causal_mask(int64_t len, torch::Device device) {
  return torch::full({len, len}, -1e9, torch::TensorOptions().device(device)).triu(1);
}

}  // namespace

Seq2SeqImpl::Seq2SeqImpl(const ModelConfig &cfg)
    : scale_(std::sqrt(static_cast<double>(cfg.encoder.hidden))),
      embed_(register_module("embed", torch::nn::Embedding(torch::nn::EmbeddingOptions(cfg.vocab_size, cfg.encoder.hidden).padding_idx(kPad)))),
      positions_(register_module("positions", torch::nn::Embedding(cfg.max_positions, cfg.encoder.hidden))) {
  const DecoderConfig &dec = cfg.decoder;
  encoder_ = register_module("encoder", Encoder(cfg.encoder, cfg.dropout));
  decoder_ = register_module("decoder", Decoder(&cfg.decoder, cfg.dropout));
  generator_ = register_module("generator", torch::nn::Linear(torch::nn::LinearOptions(dec.hidden, cfg.vocab_size).bias(false)));
  generator_->weight = embed_->weight;  // tie the output projection to the embedding table
  copy_head_ = register_module("copy_head", CopyHead(dec.hidden));
}

torch::Tensor Seq2SeqImpl::embed_tokens(torch::Tensor tokens) {
  auto pos = torch::arange(tokens.size(0), tokens.options()).unsqueeze(1).expand_as(tokens);
  return embed_(tokens) * scale_ + positions_(pos);
}

torch::Tensor Seq2SeqImpl::forward(torch::Tensor src, torch::Tensor tgt_in, torch::Tensor src_pad,
                                   torch::Tensor tgt_pad) {
  auto memory = encoder_(embed_tokens(src), src_pad);
  auto causal = make_causal_mask(tgt_in.size(0), tgt_in.device());
  auto dec_out = decoder_(embed_tokens(tgt_in), memory, tgt_pad, src_pad, causal);
  auto vocab_logits = generator_(dec_out);
  return copy_head_(dec_out, memory, src, src_pad, vocab_logits);
}

torch::Tensor Seq2SeqImpl::greedy_decode(torch::Tensor src, torch::Tensor src_pad, int64_t max_steps) {
  torch::NoGradGuard no_grad;
  const int64_t batch = src.size(1);
  auto out = torch::full({1, batch}, kBos, src.options());
  for (int64_t step = 0; step < max_steps; ++step) {
    auto tgt_pad = torch::zeros({batch, out.size(0)}, src_pad.options());
    auto log_probs = forward(src, out, src_pad, tgt_pad);
    auto next = log_probs[-1].argmax(-1).unsqueeze(0);
    out = torch::cat({out, next}, 0);
  }
  return out.slice(0, 1);
}
