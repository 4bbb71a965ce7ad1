#include "layers.h"

EncoderLayerImpl::EncoderLayerImpl(const EncoderConfig &enc, double dropout)
    : self_attn_(register_module("self_attn", torch::nn::MultiheadAttention(torch::nn::MultiheadAttentionOptions(enc.hidden, enc.heads).dropout(dropout)))),
      ff1_(register_module("ff1", torch::nn::Linear(enc.hidden, enc.ffn))),
      ff2_(register_module("ff2", torch::nn::Linear(enc.ffn, enc.hidden))),
      norm1_(register_module("norm1", torch::nn::LayerNorm(torch::nn::LayerNormOptions({enc.hidden})))),
      norm2_(register_module("norm2", torch::nn::LayerNorm(torch::nn::LayerNormOptions({enc.hidden})))),
      drop_(register_module("drop", torch::nn::Dropout(dropout))) {}

torch::Tensor EncoderLayerImpl::forward(torch::Tensor x, torch::Tensor src_pad) {
  // key_padding_mask: [N, S], true at padded source positions.
  auto attn = std::get<0>(self_attn_(x, x, x, src_pad));
  x = norm1_(x + drop_(attn));
  auto ff = ff2_(drop_(torch::relu(ff1_(x))));
  return norm2_(x + drop_(ff));
}

DecoderLayerImpl::DecoderLayerImpl(int64_t hidden, int64_t heads, int64_t ffn, double dropout)
    : self_attn_(register_module("self_attn", torch::nn::MultiheadAttention(torch::nn::MultiheadAttentionOptions(hidden, heads).dropout(dropout)))),
      cross_attn_(register_module("cross_attn", torch::nn::MultiheadAttention(torch::nn::MultiheadAttentionOptions(hidden, heads).dropout(dropout)))),
      ff1_(register_module("ff1", torch::nn::Linear(hidden, ffn))),
      ff2_(register_module("ff2", torch::nn::Linear(ffn, hidden))),
      norm1_(register_module("norm1", torch::nn::LayerNorm(torch::nn::LayerNormOptions({hidden})))),
      norm2_(register_module("norm2", torch::nn::LayerNorm(torch::nn::LayerNormOptions({hidden})))),
      norm3_(register_module("norm3", torch::nn::LayerNorm(torch::nn::LayerNormOptions({hidden})))),
      drop_(register_module("drop", torch::nn::Dropout(dropout))) {}

torch::Tensor DecoderLayerImpl::forward(torch::Tensor y, torch::Tensor memory, torch::Tensor tgt_pad,
                                        torch::Tensor src_pad, torch::Tensor causal_mask) {
  auto self_out = std::get<0>(self_attn_(y, y, y, tgt_pad, /*need_weights=*/false, causal_mask));
  y = norm1_(y + drop_(self_out));
  auto cross_out = std::get<0>(cross_attn_(y, memory, memory, src_pad, /*need_weights=*/false));
  y = norm2_(y + drop_(cross_out));
  auto ff = ff2_(drop_(torch::relu(ff1_(y))));
  return norm3_(y + drop_(ff));
}

EncoderImpl::EncoderImpl(const EncoderConfig &enc, double dropout)
    : layers_(register_module("layers", torch::nn::ModuleList())) {
  for (int64_t i = 0; i < enc.layers; ++i) {
    layers_->push_back(EncoderLayer(enc, dropout));
  }
}

torch::Tensor EncoderImpl::forward(torch::Tensor x, torch::Tensor src_pad) {
  for (const auto &layer : *layers_) {
    x = layer->as<EncoderLayerImpl>()->forward(x, src_pad);
  }
  return x;
}

DecoderImpl::DecoderImpl(const DecoderConfig *dec, double dropout)
    : layers_(register_module("layers", torch::nn::ModuleList())) {
  for (int64_t i = 0; i < dec->layers; ++i) {
    layers_->push_back(DecoderLayer(dec->hidden, dec->heads, dec->ffn, dropout));
  }
}

torch::Tensor DecoderImpl::forward(torch::Tensor y, torch::Tensor memory, torch::Tensor tgt_pad,
                                   torch::Tensor src_pad, torch::Tensor causal_mask) {
  for (const auto &layer : *layers_) {
    y = layer->as<DecoderLayerImpl>()->forward(y, memory, tgt_pad, src_pad, causal_mask);
  }
  return y;
}
