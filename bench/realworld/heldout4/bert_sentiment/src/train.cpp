#include "train.h"

#include <iostream>

namespace {
constexpr int64_t kSentimentWords = 20;  // ids 1..20 positive, 21..40 negative
constexpr double kPenaltyWeight = 0.05;
}  // namespace

TextData make_sentiment_data(int64_t count, int vocabSize) {
  TextData data;
  data.tokens = torch::zeros({count, MAX_SEQUENCE_LENGTH}, torch::kLong);
  data.labels = torch::zeros({count});
  for (int64_t i = 0; i < count; ++i) {
    const int64_t length = torch::randint(12, MAX_SEQUENCE_LENGTH + 1, {1}).item<int64_t>();
    auto row = torch::randint(2 * kSentimentWords + 1, vocabSize, {length}, torch::kLong);
    const int64_t positives = torch::randint(0, 5, {1}).item<int64_t>();
    int64_t negatives = torch::randint(0, 5, {1}).item<int64_t>();
    if (negatives == positives) negatives += 1;
    auto slots = torch::randperm(length, torch::kLong);
    for (int64_t p = 0; p < positives + negatives; ++p) {
      const int64_t base = p < positives ? 1 : kSentimentWords + 1;
      row[slots[p].item<int64_t>()] = torch::randint(base, base + kSentimentWords, {1}).item<int64_t>();
    }
    data.tokens[i].narrow(0, 0, length).copy_(row);
    data.labels[i] = positives > negatives ? 1.0 : 0.0;
  }
  return data;
}

float fit(SentimentModel &model, torch::optim::Optimizer &optimizer, const TextData &train,
          torch::Device device, int64_t epochs, int64_t batchSize) {
  const int64_t accumSteps = 2;
  const int64_t numBatches = train.tokens.size(0) / batchSize;
  float lastLoss = 0.f;

  auto runEpoch = [&](int64_t epoch) {
    model->train();
    auto order = torch::randperm(train.tokens.size(0), torch::kLong);
    optimizer.zero_grad();
    for (int64_t b = 0; b < numBatches; ++b) {
      auto idx = order.narrow(0, b * batchSize, batchSize);
      auto tokens = train.tokens.index_select(0, idx).to(device);
      auto labels = train.labels.index_select(0, idx).to(device);

      auto prob = model->forward(tokens);
      auto loss = torch::binary_cross_entropy(prob, labels) +
                  kPenaltyWeight * confidence_penalty(prob);
      auto scaled = loss / static_cast<double>(accumSteps);
      scaled.backward();

      if ((b + 1) % accumSteps == 0) {
        torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
        optimizer.step();
        optimizer.zero_grad();
      }
      lastLoss = loss.item<float>();
    }
    std::cout << "epoch " << epoch << " loss " << lastLoss << std::endl;
  };

  for (int64_t epoch = 0; epoch < epochs; ++epoch) {
    runEpoch(epoch);
  }
  return lastLoss;
}

double evaluate(SentimentModel &model, const TextData &test, torch::Device device) {
  torch::NoGradGuard noGrad;
  model->eval();
  auto prob = model->forward(test.tokens.to(device)).to(torch::kCPU);
  return (prob > 0.5).to(torch::kFloat).eq(test.labels).to(torch::kFloat).mean().item<double>();
}
