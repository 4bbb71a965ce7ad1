#ifndef CLASSIFIER_H
#define CLASSIFIER_H

#include <torch/torch.h>

#include "config.h"
#include "encoder.h"

class BinaryClassifierImpl : public torch::nn::Module {
 public:
  explicit BinaryClassifierImpl(Config const &config, int numLabels = 1);
  torch::Tensor forward(torch::Tensor hidden);

 private:
  torch::nn::Linear dense{nullptr};
  torch::nn::Dropout dropout{nullptr};
};
TORCH_MODULE(BinaryClassifier);

// Encoder, attention pooling with a learned query, and a binary head that
// returns the probability of the positive class.
class SentimentModelImpl : public torch::nn::Module {
 public:
  explicit SentimentModelImpl(Config const &config);
  torch::Tensor forward(torch::Tensor inputIds);

 private:
  BertEncoder encoder{nullptr};
  torch::Tensor poolQuery;
  torch::nn::MultiheadAttention poolAttention{nullptr};
  BinaryClassifier classifier{nullptr};
};
TORCH_MODULE(SentimentModel);

// Confidence penalty (negative entropy of the predicted Bernoulli).
torch::Tensor confidence_penalty(const torch::Tensor &prob);

#endif
