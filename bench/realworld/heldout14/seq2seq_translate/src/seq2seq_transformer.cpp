#include "seq2seq_transformer.h"

#include <cmath>

PositionalEncodingImpl::PositionalEncodingImpl(int64_t emb_size, double dropout, int64_t maxlen) {
  torch::Tensor den = torch::exp(-torch::arange(0, emb_size, 2) * std::log(10000.0) / emb_size);
  torch::Tensor pos = torch::arange(0, maxlen).reshape({maxlen, 1});
  pos_embedding = torch::zeros({maxlen, emb_size});
  pos_embedding.index_put_({torch::indexing::Slice(), torch::indexing::Slice(0, torch::indexing::None, 2)}, torch::sin(pos * den));
  pos_embedding.index_put_({torch::indexing::Slice(), torch::indexing::Slice(1, torch::indexing::None, 2)}, torch::cos(pos * den));
  pos_embedding = pos_embedding.unsqueeze(1);  // [maxlen, 1, emb]
  this->dropout = register_module("dropout", torch::nn::Dropout(torch::nn::DropoutOptions(dropout)));
  pos_embedding = register_buffer("pos_embedding", pos_embedding);
}

torch::Tensor PositionalEncodingImpl::forward(torch::Tensor token_embedding) {
  return dropout(token_embedding + pos_embedding.slice(0, 0, token_embedding.size(0)));
}

TokenEmbeddingImpl::TokenEmbeddingImpl(int64_t vocab_size, int64_t emb_size) {
  embedding = register_module("embedding", torch::nn::Embedding(torch::nn::EmbeddingOptions(vocab_size, emb_size)));
  emb_size_sqrt = std::sqrt(static_cast<double>(emb_size));
}

torch::Tensor TokenEmbeddingImpl::forward(torch::Tensor tokens) {
  return embedding(tokens.to(torch::kInt64)) * emb_size_sqrt;
}

EncoderLayerImpl::EncoderLayerImpl(int64_t d_model, int64_t nhead, int64_t dim_feedforward, double dropout) {
  self_attn = register_module("self_attn", torch::nn::MultiheadAttention(torch::nn::MultiheadAttentionOptions(d_model, nhead).dropout(dropout)));
  linear1 = register_module("linear1", torch::nn::Linear(d_model, dim_feedforward));
  linear2 = register_module("linear2", torch::nn::Linear(dim_feedforward, d_model));
  norm1 = register_module("norm1", torch::nn::LayerNorm(torch::nn::LayerNormOptions({d_model})));
  norm2 = register_module("norm2", torch::nn::LayerNorm(torch::nn::LayerNormOptions({d_model})));
  this->dropout = register_module("dropout", torch::nn::Dropout(dropout));
}

torch::Tensor EncoderLayerImpl::forward(torch::Tensor src, torch::Tensor src_mask) {
  auto attn = std::get<0>(self_attn->forward(src, src, src, /*key_padding_mask=*/{}, /*need_weights=*/false, src_mask));
  src = norm1(src + dropout(attn));
  auto ff = linear2(dropout(torch::relu(linear1(src))));
  return norm2(src + dropout(ff));
}

CrossAttentionImpl::CrossAttentionImpl(int64_t d_model) {
  q_proj = register_module("q_proj", torch::nn::Linear(d_model, d_model));
  k_proj = register_module("k_proj", torch::nn::Linear(d_model, d_model));
  v_proj = register_module("v_proj", torch::nn::Linear(d_model, d_model));
  scale = 1.0 / std::sqrt(static_cast<double>(d_model));
}

torch::Tensor CrossAttentionImpl::forward(torch::Tensor x, torch::Tensor memory, torch::Tensor memory_key_padding_mask) {
  auto q = q_proj(x).transpose(0, 1);       // [B, T, E]
  auto k = k_proj(memory).transpose(0, 1);  // [B, S, E]
  auto v = v_proj(memory).transpose(0, 1);
  auto scores = torch::matmul(q, k.transpose(1, 2)) * scale;  // [B, T, S]
  scores = scores.masked_fill(memory_key_padding_mask.unsqueeze(1), -1e9);
  auto weights = torch::softmax(scores, -1);
  return torch::matmul(weights, v).transpose(0, 1);  // [T, B, E]
}

DecoderLayerImpl::DecoderLayerImpl(int64_t d_model, int64_t nhead, int64_t dim_feedforward, double dropout) {
  self_attn = register_module("self_attn", torch::nn::MultiheadAttention(torch::nn::MultiheadAttentionOptions(d_model, nhead).dropout(dropout)));
  cross_attn = register_module("cross_attn", CrossAttention(d_model));
  linear1 = register_module("linear1", torch::nn::Linear(d_model, dim_feedforward));
  linear2 = register_module("linear2", torch::nn::Linear(dim_feedforward, d_model));
  norm1 = register_module("norm1", torch::nn::LayerNorm(torch::nn::LayerNormOptions({d_model})));
  norm2 = register_module("norm2", torch::nn::LayerNorm(torch::nn::LayerNormOptions({d_model})));
  norm3 = register_module("norm3", torch::nn::LayerNorm(torch::nn::LayerNormOptions({d_model})));
  this->dropout = register_module("dropout", torch::nn::Dropout(dropout));
}

torch::Tensor DecoderLayerImpl::forward(torch::Tensor tgt, torch::Tensor memory, torch::Tensor tgt_mask,
                                        torch::Tensor memory_key_padding_mask) {
  auto attn = std::get<0>(self_attn->forward(tgt, tgt, tgt, /*key_padding_mask=*/{}, /*need_weights=*/false, tgt_mask));
  tgt = norm1(tgt + dropout(attn));
  tgt = norm2(tgt + dropout(cross_attn(tgt, memory, memory_key_padding_mask)));
  auto ff = linear2(dropout(torch::relu(linear1(tgt))));
  return norm3(tgt + dropout(ff));
}

Seq2SeqTransformerImpl::Seq2SeqTransformerImpl(int64_t num_encoder_layers, int64_t num_decoder_layers,
                                               int64_t emb_size, int64_t nhead, int64_t src_vocab_size,
                                               int64_t tgt_vocab_size, int64_t dim_feedforward, double dropout) {
  encoder_layers = register_module("encoder_layers", torch::nn::ModuleList());
  for (int64_t i = 0; i < num_encoder_layers; ++i) {
    encoder_layers->push_back(EncoderLayer(emb_size, nhead, dim_feedforward, dropout));
  }
  decoder_layers = register_module("decoder_layers", torch::nn::ModuleList());
  for (int64_t i = 0; i < num_decoder_layers; ++i) {
    decoder_layers->push_back(DecoderLayer(emb_size, nhead, dim_feedforward, dropout));
  }
  generator = register_module("generator", torch::nn::Linear(torch::nn::LinearOptions(emb_size, tgt_vocab_size)));
  src_tok_emb = register_module("src_tok_emb", TokenEmbedding(src_vocab_size, emb_size));
  tgt_tok_emb = register_module("tgt_tok_emb", TokenEmbedding(tgt_vocab_size, emb_size));
  positional_encoding = register_module("positional_encoding", PositionalEncoding(emb_size, dropout));
}

torch::Tensor Seq2SeqTransformerImpl::encode(torch::Tensor src, torch::Tensor src_mask) {
  torch::Tensor x = positional_encoding(src_tok_emb(src));
  for (const auto& layer : *encoder_layers) {
    x = layer->as<EncoderLayerImpl>()->forward(x, src_mask);
  }
  return x;
}

torch::Tensor Seq2SeqTransformerImpl::decode(torch::Tensor tgt, torch::Tensor memory, torch::Tensor tgt_mask,
                                             torch::Tensor memory_key_padding_mask) {
  torch::Tensor y = positional_encoding(tgt_tok_emb(tgt));
  for (const auto& layer : *decoder_layers) {
    y = layer->as<DecoderLayerImpl>()->forward(y, memory, tgt_mask, memory_key_padding_mask);
  }
  return y;
}

torch::Tensor Seq2SeqTransformerImpl::forward(torch::Tensor src, torch::Tensor trg, torch::Tensor src_mask,
                                              torch::Tensor tgt_mask, torch::Tensor src_padding_mask,
                                              torch::Tensor tgt_padding_mask) {
  (void)tgt_padding_mask;  // the loss ignores PAD positions instead
  torch::Tensor memory = encode(src, src_mask);
  torch::Tensor outs = decode(trg, memory, tgt_mask, src_padding_mask);
  return generator(outs);
}
