#pragma once

#include <torch/torch.h>

#include "model_config.h"

class EncoderLayerImpl : public torch::nn::Module {
 public:
  EncoderLayerImpl(const EncoderConfig &enc, double dropout);
  torch::Tensor forward(torch::Tensor x, torch::Tensor src_pad);

 private:
  torch::nn::MultiheadAttention self_attn_;
  torch::nn::Linear ff1_;
  torch::nn::Linear ff2_;
  torch::nn::LayerNorm norm1_;
  torch::nn::LayerNorm norm2_;
  torch::nn::Dropout drop_;
};
TORCH_MODULE(EncoderLayer);

class DecoderLayerImpl : public torch::nn::Module {
 public:
  DecoderLayerImpl(int64_t hidden, int64_t heads, int64_t ffn, double dropout);
  torch::Tensor forward(torch::Tensor y, torch::Tensor memory, torch::Tensor tgt_pad,
                        torch::Tensor src_pad, torch::Tensor causal_mask);

 private:
  torch::nn::MultiheadAttention self_attn_;
  torch::nn::MultiheadAttention cross_attn_;
  torch::nn::Linear ff1_;
  torch::nn::Linear ff2_;
  torch::nn::LayerNorm norm1_;
  torch::nn::LayerNorm norm2_;
  torch::nn::LayerNorm norm3_;
  torch::nn::Dropout drop_;
};
TORCH_MODULE(DecoderLayer);

class EncoderImpl : public torch::nn::Module {
 public:
  EncoderImpl(const EncoderConfig &enc, double dropout);
  torch::Tensor forward(torch::Tensor x, torch::Tensor src_pad);

 private:
  torch::nn::ModuleList layers_;
};
TORCH_MODULE(Encoder);

class DecoderImpl : public torch::nn::Module {
 public:
  DecoderImpl(const DecoderConfig *dec, double dropout);
  torch::Tensor forward(torch::Tensor y, torch::Tensor memory, torch::Tensor tgt_pad,
                        torch::Tensor src_pad, torch::Tensor causal_mask);

 private:
  torch::nn::ModuleList layers_;
};
TORCH_MODULE(Decoder);
