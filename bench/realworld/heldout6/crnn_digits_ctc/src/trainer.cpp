#include "trainer.h"

#include <algorithm>
#include <iostream>

#include "losses.h"

float train_crnn(Crnn& model, const DigitStrips& train, const TrainOptions& opts,
                 torch::Device device) {
  model->to(device);
  model->train();
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(opts.lr));
  optimizer.zero_grad();

  const int64_t n = train.images.size(0);
  const int64_t batches_per_epoch = n / opts.micro_batch;
  int64_t micro_step = 0;
  float last_loss = 0.0f;
  for (int epoch = 0; epoch < opts.epochs; ++epoch) {
    auto perm = torch::randperm(n, torch::kLong);
    double epoch_loss = 0.0;
    for (int64_t b = 0; b < batches_per_epoch; ++b) {
      auto idx = perm.slice(0, b * opts.micro_batch, (b + 1) * opts.micro_batch);
      auto images = train.images.index_select(0, idx).to(device);
      auto targets = train.labels.index_select(0, idx).to(device);
      auto target_lengths = train.lengths.index_select(0, idx).to(device);
      auto presence_targets = train.presence.index_select(0, idx).to(device);

      auto out = model->forward(images);
      auto input_lengths = torch::full({images.size(0)}, out.logits.size(0),
                                       torch::TensorOptions().dtype(torch::kLong).device(device));
      auto ctc = ctc_sequence_loss(out.logits, targets, input_lengths, target_lengths);
      auto presence = torch::binary_cross_entropy(torch::sigmoid(out.presence_logits),
                                                  presence_targets);
      auto loss = (ctc + 0.5 * presence - 0.02 * posterior_entropy(out.logits)) /
                  static_cast<double>(opts.accumulation);
      loss.backward();

      ++micro_step;
      if (micro_step % opts.accumulation == 0) {
        torch::nn::utils::clip_grad_norm_(model->parameters(), 5.0);
        optimizer.step();
        optimizer.zero_grad();
      }
      last_loss = loss.item<float>() * static_cast<float>(opts.accumulation);
      epoch_loss += last_loss;
    }
    std::cout << "epoch " << epoch + 1 << "  mean loss " << epoch_loss / batches_per_epoch << "\n";
  }
  return last_loss;
}

namespace {

int64_t edit_distance(const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
  std::vector<int64_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = static_cast<int64_t>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = static_cast<int64_t>(i);
    for (size_t j = 1; j <= b.size(); ++j) {
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

}  // namespace

std::pair<double, double> evaluate_crnn(Crnn& model, const DigitStrips& test, torch::Device device) {
  torch::NoGradGuard no_grad;
  model->eval();
  auto best = model->forward(test.images.to(device)).logits.argmax(2).t().cpu();  // [B, T]
  int64_t exact = 0, errors = 0, total = 0;
  for (int64_t i = 0; i < best.size(0); ++i) {
    std::vector<int64_t> decoded;
    int64_t prev = 0;
    for (int64_t t = 0; t < best.size(1); ++t) {
      const int64_t k = best[i][t].item<int64_t>();
      if (k != 0 && k != prev) decoded.push_back(k);
      prev = k;
    }
    std::vector<int64_t> truth;
    for (int64_t s = 0; s < test.lengths[i].item<int64_t>(); ++s) {
      truth.push_back(test.labels[i][s].item<int64_t>());
    }
    if (decoded == truth) ++exact;
    errors += edit_distance(decoded, truth);
    total += static_cast<int64_t>(truth.size());
  }
  return {static_cast<double>(exact) / best.size(0), static_cast<double>(errors) / total};
}
