#include "trainer.h"

#include <cmath>
#include <iostream>

#include "corpus.h"
#include "gpt_config.h"

namespace {
double lr_at(const TrainConfig &tc, int64_t it) {
  if (it < tc.warmup) return tc.lr * (it + 1) / tc.warmup;
  const double progress = static_cast<double>(it - tc.warmup) / (tc.max_iters - tc.warmup);
  return 0.1 * tc.lr + 0.9 * tc.lr * 0.5 * (1.0 + std::cos(M_PI * progress));
}
}  // namespace

double train_gpt(GPT &model, const torch::Tensor &train_data, const TrainConfig &tc, torch::Device device) {
  torch::optim::AdamW optimizer(model->parameters(),
                                torch::optim::AdamWOptions(tc.lr).weight_decay(tc.weight_decay));
  model->train();
  double last = 0.0;
  for (int64_t it = 0; it < tc.max_iters; ++it) {
    for (auto &group : optimizer.param_groups()) {
      static_cast<torch::optim::AdamWOptions &>(group.options()).lr(lr_at(tc, it));
    }
    auto batch = get_batch(train_data, kBatchSize, kSeqLen);
    auto inputs = batch.first.to(device);
    auto targets = batch.second.to(device);
    auto logits = model->forward(inputs);
    auto loss = torch::nn::functional::cross_entropy(logits.view({-1, kVocab}), targets.view({-1}));
    optimizer.zero_grad();
    loss.backward();
    torch::nn::utils::clip_grad_norm_(model->parameters(), tc.clip);
    optimizer.step();
    last = loss.item<double>();
    if ((it + 1) % 30 == 0) {
      std::cout << "iter " << it + 1 << " loss " << last << std::endl;
    }
  }
  return last;
}

double evaluate_perplexity(GPT &model, const torch::Tensor &data, torch::Device device) {
  torch::NoGradGuard no_grad;
  model->eval();
  torch::manual_seed(11);
  double nll = 0.0;
  const int64_t rounds = 10;
  for (int64_t r = 0; r < rounds; ++r) {
    auto batch = get_batch(data, 64, kSeqLen);
    auto logits = model->forward(batch.first.to(device));
    auto probs = torch::softmax(logits, -1);
    auto p = probs.gather(-1, batch.second.to(device).unsqueeze(-1));
    nll += (-torch::log(p + 1e-10)).mean().item<double>();
  }
  return std::exp(nll / rounds);
}
