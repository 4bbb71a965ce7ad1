#include "encoder.h"

#include <cmath>
#include <vector>

BertEmbeddingsImpl::BertEmbeddingsImpl(Config const &config)
    : wordEmbeddings(torch::nn::EmbeddingOptions(config.vocabSize, config.hiddenSize)
                         .padding_idx(PADDING_IDX)),
      positionEmbeddings(torch::nn::EmbeddingOptions(config.maxPositionEmbeddings,
                                                     config.hiddenSize)),
      layerNorm(torch::nn::LayerNormOptions(std::vector<int64_t>{config.hiddenSize})
                    .eps(LAYER_NORM_EPS)),
      dropout(torch::nn::Dropout(config.hiddenDropoutProb)) {
  register_module("wordEmbeddings", wordEmbeddings);
  register_module("positionEmbeddings", positionEmbeddings);
  register_module("layerNorm", layerNorm);
  register_module("dropout", dropout);
}

torch::Tensor BertEmbeddingsImpl::forward(torch::Tensor inputIds) {
  auto positions = torch::arange(inputIds.size(1), inputIds.options()).unsqueeze(0);
  auto embeddings = wordEmbeddings->forward(inputIds) + positionEmbeddings->forward(positions);
  return dropout->forward(layerNorm->forward(embeddings));
}

BertSelfAttentionImpl::BertSelfAttentionImpl(Config const &config)
    : numAttentionHeads(config.numAttentionHeads),
      hiddenSize(config.hiddenSize),
      attentionHeadSize(config.hiddenSize / config.numAttentionHeads),
      query(torch::nn::Linear(config.hiddenSize, config.hiddenSize)),
      key(torch::nn::Linear(config.hiddenSize, config.hiddenSize)),
      value(torch::nn::Linear(config.hiddenSize, config.hiddenSize)),
      dropout(torch::nn::Dropout(config.attentionDropoutProb)) {
  register_module("query", query);
  register_module("key", key);
  register_module("value", value);
  register_module("dropout", dropout);
}

torch::Tensor BertSelfAttentionImpl::transposeForScores(torch::Tensor x) {
  x = x.view({x.size(0), x.size(1), numAttentionHeads, attentionHeadSize});
  return x.permute({0, 2, 1, 3});
}

torch::Tensor BertSelfAttentionImpl::forward(torch::Tensor hiddenStates, torch::Tensor padMask) {
  torch::Tensor queryLayer = transposeForScores(query->forward(hiddenStates));
  torch::Tensor keyLayer = transposeForScores(key->forward(hiddenStates));
  torch::Tensor valueLayer = transposeForScores(value->forward(hiddenStates));

  torch::Tensor attentionScores = torch::matmul(queryLayer, keyLayer.transpose(-1, -2));
  attentionScores /= std::sqrt(static_cast<double>(attentionHeadSize));
  attentionScores.masked_fill_(padMask.unsqueeze(1).unsqueeze(2), -1e9);
  torch::Tensor attentionProbs = attentionScores.softmax(-1);
  attentionProbs = dropout->forward(attentionProbs);

  torch::Tensor contextLayer = torch::matmul(attentionProbs, valueLayer);
  contextLayer = contextLayer.permute({0, 2, 1, 3});
  return contextLayer.reshape({contextLayer.size(0), contextLayer.size(1), hiddenSize});
}

BertLayerImpl::BertLayerImpl(Config const &config)
    : attention(BertSelfAttention(config)),
      attentionOutput(torch::nn::Linear(config.hiddenSize, config.hiddenSize)),
      attentionNorm(torch::nn::LayerNormOptions(std::vector<int64_t>{config.hiddenSize})
                        .eps(LAYER_NORM_EPS)),
      intermediate(torch::nn::Linear(config.hiddenSize, config.intermediateSize)),
      output(torch::nn::Linear(config.intermediateSize, config.hiddenSize)),
      outputNorm(torch::nn::LayerNormOptions(std::vector<int64_t>{config.hiddenSize})
                     .eps(LAYER_NORM_EPS)),
      dropout(torch::nn::Dropout(config.hiddenDropoutProb)) {
  register_module("attention", attention);
  register_module("attentionOutput", attentionOutput);
  register_module("attentionNorm", attentionNorm);
  register_module("intermediate", intermediate);
  register_module("output", output);
  register_module("outputNorm", outputNorm);
  register_module("dropout", dropout);
}

torch::Tensor BertLayerImpl::forward(torch::Tensor hiddenStates, torch::Tensor padMask) {
  auto attended = attentionOutput->forward(attention->forward(hiddenStates, padMask));
  hiddenStates = attentionNorm->forward(hiddenStates + dropout->forward(attended));
  auto inner = torch::gelu(intermediate->forward(hiddenStates));
  return outputNorm->forward(hiddenStates + dropout->forward(output->forward(inner)));
}

BertEncoderImpl::BertEncoderImpl(Config const &config)
    : embeddings(BertEmbeddings(config)), layers(torch::nn::ModuleList()) {
  for (int i = 0; i < config.numHiddenLayers; ++i) {
    layers->push_back(BertLayer(config));
  }
  register_module("embeddings", embeddings);
  register_module("layers", layers);
}

torch::Tensor BertEncoderImpl::forward(torch::Tensor inputIds, torch::Tensor padMask) {
  auto hidden = embeddings->forward(inputIds);
  for (const auto &layer : *layers) {
    hidden = layer->as<BertLayer>()->forward(hidden, padMask);
  }
  return hidden;
}
