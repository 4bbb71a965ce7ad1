#include <ecvm/blocks/norms.hpp>
#include <ecvm/blocks/transformer_encoder_layer.hpp>
#include <torch/nn/modules/container/sequential.h>
#include <torch/nn/modules/dropout.h>
#include <torch/nn/modules/normalization.h>
#include <torch/nn/options/normalization.h>

TransformerEncoderLayerOptions::TransformerEncoderLayerOptions() = default;

auto TransformerEncoderLayerOptions::EmbedDim(int x) -> TransformerEncoderLayerOptions& {
  this->embed_dim = x;
  return *this;
}

auto TransformerEncoderLayerOptions::NumHeads(int x) -> TransformerEncoderLayerOptions& {
  this->num_heads = x;
  return *this;
}

auto TransformerEncoderLayerOptions::MLPDim(int x) -> TransformerEncoderLayerOptions& {
  this->mlp_dim = x;
  return *this;
}

auto TransformerEncoderLayerOptions::DropoutRate(double x) -> TransformerEncoderLayerOptions& {
  this->dropout_rate = x;
  return *this;
}

TransformerEncoderLayerImpl::TransformerEncoderLayerImpl(const TransformerEncoderLayerOptions &ops) {
  this->ln1 = register_module("ln1", torch::nn::LayerNorm(torch::nn::LayerNormOptions({ops.embed_dim})));
  this->ln2 = register_module("ln2", torch::nn::LayerNorm(torch::nn::LayerNormOptions({ops.embed_dim})));
  this->mhsa = register_module("mhsa",
      torch::nn::MultiheadAttention(torch::nn::MultiheadAttentionOptions(ops.embed_dim, ops.num_heads).dropout(ops.dropout_rate)));
  this->fc1 = register_module("fc1", torch::nn::Linear(ops.embed_dim, ops.mlp_dim));
  this->fc2 = register_module("fc2", torch::nn::Linear(ops.mlp_dim, ops.embed_dim));
  this->dropout = register_module("dropout", torch::nn::Dropout(ops.dropout_rate));
  this->ffn_gain = register_parameter("ffn_gain", torch::ones({ops.mlp_dim}));
}

auto TransformerEncoderLayerImpl::forward(torch::Tensor x) -> torch::Tensor {
  auto x_ln = this->ln1(x);
  x_ln = x_ln.transpose(0, 1);
  auto [mhsa_output, _] = this->mhsa(x_ln, x_ln, x_ln);
  x = x + mhsa_output.transpose(0, 1);
  x_ln = this->ln2(x);
  auto h = torch::gelu(this->fc1(x_ln));
  h = ecvm::blocks::ffn_rms_scale(h, this->ffn_gain);
  x = x + this->dropout(this->fc2(h));
  return x;
}
