#ifndef ENCODER_H
#define ENCODER_H

#include <torch/torch.h>

#include "config.h"

class BertEmbeddingsImpl : public torch::nn::Module {
 public:
  explicit BertEmbeddingsImpl(Config const &config);
  torch::Tensor forward(torch::Tensor inputIds);

 private:
  torch::nn::Embedding wordEmbeddings{nullptr};
  torch::nn::Embedding positionEmbeddings{nullptr};
  torch::nn::LayerNorm layerNorm{nullptr};
  torch::nn::Dropout dropout{nullptr};
};
TORCH_MODULE(BertEmbeddings);

class BertSelfAttentionImpl : public torch::nn::Module {
 public:
  explicit BertSelfAttentionImpl(Config const &config);
  // padMask: [batch, seq], true at padding positions.
  torch::Tensor forward(torch::Tensor hiddenStates, torch::Tensor padMask);

 private:
  torch::Tensor transposeForScores(torch::Tensor x);
  int64_t numAttentionHeads;
  int64_t hiddenSize;
  int64_t attentionHeadSize;
  torch::nn::Linear query{nullptr};
  torch::nn::Linear key{nullptr};
  torch::nn::Linear value{nullptr};
  torch::nn::Dropout dropout{nullptr};
};
TORCH_MODULE(BertSelfAttention);

class BertLayerImpl : public torch::nn::Module {
 public:
  explicit BertLayerImpl(Config const &config);
  torch::Tensor forward(torch::Tensor hiddenStates, torch::Tensor padMask);

 private:
  BertSelfAttention attention{nullptr};
  torch::nn::Linear attentionOutput{nullptr};
  torch::nn::LayerNorm attentionNorm{nullptr};
  torch::nn::Linear intermediate{nullptr};
  torch::nn::Linear output{nullptr};
  torch::nn::LayerNorm outputNorm{nullptr};
  torch::nn::Dropout dropout{nullptr};
};
TORCH_MODULE(BertLayer);

class BertEncoderImpl : public torch::nn::Module {
 public:
  explicit BertEncoderImpl(Config const &config);
  torch::Tensor forward(torch::Tensor inputIds, torch::Tensor padMask);

 private:
  BertEmbeddings embeddings{nullptr};
  torch::nn::ModuleList layers{nullptr};
};
TORCH_MODULE(BertEncoder);

#endif
