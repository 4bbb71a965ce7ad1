#include "classifier.h"

BinaryClassifierImpl::BinaryClassifierImpl(Config const &config, int numLabels)
    : dense(torch::nn::Linear(config.hiddenSize, numLabels)),
      dropout(torch::nn::Dropout(config.hiddenDropoutProb)) {
  register_module("dense", dense);
  register_module("dropout", dropout);
}

torch::Tensor BinaryClassifierImpl::forward(torch::Tensor hidden) {
  torch::Tensor output = dense->forward(dropout->forward(hidden));
  if (dense->options.out_features() == 1) {
    return output.squeeze(-1);
  }
  return output;
}

SentimentModelImpl::SentimentModelImpl(Config const &config) {
  encoder = register_module("encoder", BertEncoder(config));
  poolQuery = register_parameter("poolQuery", torch::randn({1, 1, config.hiddenSize}) * 0.02);
  poolAttention = register_module(
      "poolAttention",
      torch::nn::MultiheadAttention(torch::nn::MultiheadAttentionOptions(config.hiddenSize, config.poolHeads)
                                        .dropout(config.attentionDropoutProb)));
  classifier = register_module("classifier", BinaryClassifier(config));
}

torch::Tensor SentimentModelImpl::forward(torch::Tensor inputIds) {
  auto padMask = inputIds.eq(PADDING_IDX);
  auto hidden = encoder->forward(inputIds, padMask).transpose(0, 1);  // [seq, batch, hidden]
  auto query = poolQuery.expand({1, inputIds.size(0), hidden.size(2)});
  auto pooled = std::get<0>(poolAttention->forward(query, hidden, hidden, padMask)).squeeze(0);
  return torch::sigmoid(classifier->forward(pooled));
}

torch::Tensor confidence_penalty(const torch::Tensor &prob) {
  auto entropy = -(prob * torch::log(prob + 1e-10) + (1 - prob) * torch::log(1 - prob + 1e-10));
  return -entropy.mean();
}
