#include "trainer.h"

#include <iostream>

double train_kws(KwsNet &model, const KeywordSet &train, const TrainOptions &opts, torch::Device device) {
  model->to(device);
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(opts.lr));
  const int64_t n = train.labels.size(0);
  double last_loss = 0.0;
  int64_t micro_step = 0;

  optimizer.zero_grad();
  for (int64_t epoch = 0; epoch < opts.epochs; ++epoch) {
    model->train();
    auto perm = torch::randperm(n);
    double running = 0.0;
    int64_t count = 0;
    for (int64_t begin = 0; begin + opts.micro_batch <= n; begin += opts.micro_batch) {
      auto idx = perm.slice(0, begin, begin + opts.micro_batch);
      auto feats = train.feats.index_select(0, idx).to(device);
      auto pad = train.pad_mask.index_select(0, idx).to(device);
      auto labels = train.labels.index_select(0, idx).to(device);

      auto logits = model->forward(feats, pad);
      auto loss = torch::nn::functional::cross_entropy(logits, labels) / opts.accumulation;
      loss.backward();
      ++micro_step;

      if (micro_step % opts.accumulation == 0) {
        torch::nn::utils::clip_grad_norm_(model->parameters(), opts.clip);
        optimizer.step();
        optimizer.zero_grad();
      }
      last_loss = loss.item<double>() * opts.accumulation;
      running += last_loss;
      ++count;
    }
    std::cout << "epoch " << epoch << " loss " << running / count << std::endl;
  }
  return last_loss;
}

double accuracy(KwsNet &model, const KeywordSet &test, torch::Device device) {
  torch::NoGradGuard no_grad;
  model->eval();
  auto logits = model->forward(test.feats.to(device), test.pad_mask.to(device));
  auto pred = logits.argmax(1).to(torch::kCPU);
  return pred.eq(test.labels).to(torch::kFloat).mean().item<double>();
}
