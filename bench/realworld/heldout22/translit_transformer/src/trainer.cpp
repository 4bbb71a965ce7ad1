#include "trainer.h"

#include <algorithm>
#include <iostream>
#include <numeric>
#include <random>

#include "utils.h"

ModelTrainer::ModelTrainer(int num_epochs, int64_t batch_size, double lr)
    : num_epochs_(num_epochs), batch_size_(batch_size), lr_(lr) {}

double ModelTrainer::train(Transformer& model, const std::vector<std::string>& src_sentences,
                           const std::vector<std::string>& trg_sentences,
                           const std::string& test_sentence) {
  const int64_t padding_index = model->trg_to_index_.at(model->PADDING_TOKEN_);
  auto criterion = torch::nn::CrossEntropyLoss(
      torch::nn::CrossEntropyLossOptions().ignore_index(padding_index).reduction(torch::kNone));

  for (auto& p : model->parameters()) {
    if (p.dim() > 1) torch::nn::init::xavier_uniform_(p);
  }

  torch::optim::Adam optim(model->parameters(), torch::optim::AdamOptions(lr_));
  torch::Device device = get_device();
  model->train();
  model->to(device);

  std::vector<size_t> order(src_sentences.size());
  std::iota(order.begin(), order.end(), 0);
  std::mt19937 rng(7);
  double epoch_loss = 0.0;

  for (int epoch = 0; epoch < num_epochs_; ++epoch) {
    std::shuffle(order.begin(), order.end(), rng);
    const size_t num_batches = src_sentences.size() / static_cast<size_t>(batch_size_);
    epoch_loss = 0.0;
    for (size_t batch_num = 0; batch_num < num_batches; ++batch_num) {
      model->train();
      std::vector<std::string> src_batch, trg_batch;
      for (int64_t j = 0; j < batch_size_; ++j) {
        const size_t idx = order[batch_num * batch_size_ + j];
        src_batch.push_back(src_sentences[idx]);
        trg_batch.push_back(trg_sentences[idx]);
      }
      torch::Tensor enc_mask, dec_mask, cross_mask;
      std::tie(enc_mask, dec_mask, cross_mask) =
          create_masks(src_batch, trg_batch, model->max_sequence_length_);
      optim.zero_grad();
      auto trg_predictions =
          model->forward(src_batch, trg_batch, enc_mask.to(device), dec_mask.to(device),
                         cross_mask.to(device), false, false, true, true);
      auto labels = model->decoder_embedding_->batch_tokenize(trg_batch, false, true);
      auto loss = criterion(trg_predictions.view({-1, model->trg_vocab_size_}), labels.view({-1}));
      auto valid = labels.view({-1}).ne(padding_index);
      loss = loss.sum() / valid.sum();
      loss.backward();
      torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
      optim.step();
      epoch_loss += loss.item<double>();
    }
    epoch_loss /= static_cast<double>(num_batches);
    std::cout << "Epoch " << epoch << " : " << epoch_loss << "  Evaluation translation "
              << test_sentence << " : " << model->translate(test_sentence) << std::endl;
  }
  return epoch_loss;
}

double char_accuracy(Transformer& model, const std::vector<std::string>& src,
                     const std::vector<std::string>& trg) {
  int64_t correct = 0, total = 0;
  for (size_t i = 0; i < src.size(); ++i) {
    const std::string pred = model->translate(src[i]);
    for (size_t c = 0; c < trg[i].size(); ++c) {
      correct += (c < pred.size() && pred[c] == trg[i][c]) ? 1 : 0;
      ++total;
    }
  }
  return static_cast<double>(correct) / static_cast<double>(total);
}
