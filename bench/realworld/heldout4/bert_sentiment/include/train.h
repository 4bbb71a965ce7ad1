#ifndef TRAIN_H
#define TRAIN_H

#include <torch/torch.h>

#include "classifier.h"

struct TextData {
  torch::Tensor tokens;  // [N, MAX_SEQUENCE_LENGTH], PADDING_IDX after the end
  torch::Tensor labels;  // [N] float 0/1
};

// Synthetic reviews: neutral tokens with a few positive or negative words.
TextData make_sentiment_data(int64_t count, int vocabSize);

float fit(SentimentModel &model, torch::optim::Optimizer &optimizer, const TextData &train,
          torch::Device device, int64_t epochs, int64_t batchSize);

double evaluate(SentimentModel &model, const TextData &test, torch::Device device);

#endif
