#include "trainer.h"

#include <iostream>

namespace F = torch::nn::functional;

Trainer::Trainer(Tagger model, torch::Device device, double learning_rate)
    : model_(std::move(model)),
      device_(device),
      optimizer_(model_->parameters(), torch::optim::AdamWOptions(learning_rate).weight_decay(0.01)) {
  model_->to(device_);
}

double Trainer::fit(const TaggedCorpus& train, int64_t epochs, int64_t batch_size) {
  const int64_t num_sentences = train.words.size(0);
  const int64_t num_tags = model_->num_tags();
  double last_loss = 0.0;

  model_->train();
  for (int64_t epoch = 0; epoch < epochs; ++epoch) {
    auto order = torch::randperm(num_sentences, torch::kLong);
    double epoch_loss = 0.0;
    int64_t batches = 0;
    for (int64_t start = 0; start + batch_size <= num_sentences; start += batch_size) {
      auto index = order.slice(0, start, start + batch_size);
      auto words = train.words.index_select(0, index).to(device_);
      auto shapes = train.shapes.index_select(0, index).to(device_);
      auto tags = train.tags.index_select(0, index).to(device_);

      optimizer_.zero_grad();
      auto logits = model_->forward(words, shapes);
      auto loss = F::cross_entropy(logits.reshape({-1, num_tags}), tags.reshape({-1}),
                                   F::CrossEntropyFuncOptions().ignore_index(kPadTag));
      loss.backward();
      torch::nn::utils::clip_grad_norm_(model_->parameters(), 1.0);
      optimizer_.step();

      last_loss = loss.item<double>();
      epoch_loss += last_loss;
      ++batches;
    }
    std::cout << "epoch " << epoch + 1 << " mean loss " << epoch_loss / static_cast<double>(batches)
              << std::endl;
  }
  return last_loss;
}

double Trainer::evaluate(const TaggedCorpus& test) {
  torch::NoGradGuard no_grad;
  model_->eval();
  auto words = test.words.to(device_);
  auto shapes = test.shapes.to(device_);
  auto tags = test.tags.to(device_);
  auto predicted = model_->forward(words, shapes).argmax(-1);
  auto real = tags.ne(kPadTag);
  auto correct = predicted.eq(tags).logical_and(real).sum().item<double>();
  return correct / real.sum().item<double>();
}
