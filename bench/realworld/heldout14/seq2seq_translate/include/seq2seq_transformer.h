#ifndef SEQ2SEQ_TRANSFORMER_H_
#define SEQ2SEQ_TRANSFORMER_H_

#include <torch/torch.h>

// helper Module that adds positional encoding to the token embedding to introduce a notion of word order.
class PositionalEncodingImpl : public torch::nn::Module {
 public:
  PositionalEncodingImpl(int64_t emb_size, double dropout, int64_t maxlen = 64);
  torch::Tensor forward(torch::Tensor token_embedding);

  torch::nn::Dropout dropout = nullptr;
  torch::Tensor pos_embedding;
};
TORCH_MODULE(PositionalEncoding);

// helper Module to convert tensor of input indices into corresponding tensor of token embeddings
class TokenEmbeddingImpl : public torch::nn::Module {
 public:
  TokenEmbeddingImpl(int64_t vocab_size, int64_t emb_size);
  torch::Tensor forward(torch::Tensor tokens);

  torch::nn::Embedding embedding = nullptr;
  double emb_size_sqrt;
};
TORCH_MODULE(TokenEmbedding);

class EncoderLayerImpl : public torch::nn::Module {
 public:
  EncoderLayerImpl(int64_t d_model, int64_t nhead, int64_t dim_feedforward, double dropout);
  torch::Tensor forward(torch::Tensor src, torch::Tensor src_mask);

  torch::nn::MultiheadAttention self_attn = nullptr;
  torch::nn::Linear linear1 = nullptr, linear2 = nullptr;
  torch::nn::LayerNorm norm1 = nullptr, norm2 = nullptr;
  torch::nn::Dropout dropout = nullptr;
};
TORCH_MODULE(EncoderLayer);

// Single-head (Luong-style) attention over the encoder memory.
class CrossAttentionImpl : public torch::nn::Module {
 public:
  explicit CrossAttentionImpl(int64_t d_model);
  torch::Tensor forward(torch::Tensor x, torch::Tensor memory, torch::Tensor memory_key_padding_mask);

  torch::nn::Linear q_proj = nullptr, k_proj = nullptr, v_proj = nullptr;
  double scale;
};
TORCH_MODULE(CrossAttention);

class DecoderLayerImpl : public torch::nn::Module {
 public:
  DecoderLayerImpl(int64_t d_model, int64_t nhead, int64_t dim_feedforward, double dropout);
  torch::Tensor forward(torch::Tensor tgt, torch::Tensor memory, torch::Tensor tgt_mask,
                        torch::Tensor memory_key_padding_mask);

  torch::nn::MultiheadAttention self_attn = nullptr;
  CrossAttention cross_attn = nullptr;
  torch::nn::Linear linear1 = nullptr, linear2 = nullptr;
  torch::nn::LayerNorm norm1 = nullptr, norm2 = nullptr, norm3 = nullptr;
  torch::nn::Dropout dropout = nullptr;
};
TORCH_MODULE(DecoderLayer);

// Seq2Seq Network
class Seq2SeqTransformerImpl : public torch::nn::Module {
 public:
  Seq2SeqTransformerImpl(int64_t num_encoder_layers, int64_t num_decoder_layers, int64_t emb_size,
                         int64_t nhead, int64_t src_vocab_size, int64_t tgt_vocab_size,
                         int64_t dim_feedforward = 200, double dropout = 0.1);

  torch::Tensor forward(torch::Tensor src, torch::Tensor trg, torch::Tensor src_mask,
                        torch::Tensor tgt_mask, torch::Tensor src_padding_mask,
                        torch::Tensor tgt_padding_mask);
  torch::Tensor encode(torch::Tensor src, torch::Tensor src_mask);
  torch::Tensor decode(torch::Tensor tgt, torch::Tensor memory, torch::Tensor tgt_mask,
                       torch::Tensor memory_key_padding_mask);

  torch::nn::ModuleList encoder_layers = nullptr;
  torch::nn::ModuleList decoder_layers = nullptr;
  torch::nn::Linear generator = nullptr;
  TokenEmbedding src_tok_emb = nullptr;
  TokenEmbedding tgt_tok_emb = nullptr;
  PositionalEncoding positional_encoding = nullptr;
};
TORCH_MODULE(Seq2SeqTransformer);

#endif  // SEQ2SEQ_TRANSFORMER_H_
