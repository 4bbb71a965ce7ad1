#include "trainer.h"

#include <algorithm>
#include <iostream>

#include "sort_data.h"

Trainer::Trainer(const ModelConfig &cfg, const TrainConfig &tcfg, torch::Device device)
    : tcfg_(tcfg),
      device_(device),
      rng_(1234),
      model_(cfg),
      optimizer_(model_->parameters(),
                 torch::optim::AdamWOptions(tcfg.lr).weight_decay(tcfg.weight_decay)) {
  model_->to(device_);
}

double Trainer::fit() {
  double last_loss = 0.0;
  for (int64_t step = 1; step <= tcfg_.steps; ++step) {
    SortBatch batch = make_sort_batch(tcfg_.batch_size, rng_);
    auto src = batch.src.to(device_);
    auto tgt_in = batch.tgt_in.to(device_);
    auto tgt_out = batch.tgt_out.to(device_);
    auto src_pad = batch.src_pad.to(device_);
    auto tgt_pad = batch.tgt_pad.to(device_);

    const double lr = tcfg_.lr * std::min(1.0, static_cast<double>(step) / tcfg_.warmup);
    for (auto &group : optimizer_.param_groups()) {
      static_cast<torch::optim::AdamWOptions &>(group.options()).lr(lr);
    }

    model_->train();
    optimizer_.zero_grad();
    auto log_probs = model_->forward(src, tgt_in, src_pad, tgt_pad);
    auto loss = torch::nll_loss(log_probs.reshape({-1, log_probs.size(-1)}), tgt_out.reshape({-1}),
                                /*weight=*/{}, at::Reduction::Mean, /*ignore_index=*/kPad);
    loss.backward();
    torch::nn::utils::clip_grad_norm_(model_->parameters(), tcfg_.clip);
    optimizer_.step();

    last_loss = loss.item<double>();
    if (step % tcfg_.log_every == 0) {
      std::cout << "step " << step << " loss " << last_loss << " lr " << lr << std::endl;
    }
  }
  return last_loss;
}

std::pair<double, double> Trainer::evaluate(int64_t num_batches) {
  model_->eval();
  std::mt19937 test_rng(98765);
  int64_t exact = 0, sequences = 0, right_tokens = 0, tokens = 0;
  for (int64_t b = 0; b < num_batches; ++b) {
    SortBatch batch = make_sort_batch(tcfg_.batch_size, test_rng);
    auto pred = model_->greedy_decode(batch.src.to(device_), batch.src_pad.to(device_),
                                      batch.tgt_out.size(0)).to(torch::kCPU);
    auto valid = batch.tgt_out.ne(kPad);
    auto match = pred.eq(batch.tgt_out).logical_or(valid.logical_not());
    exact += match.all(0).sum().item<int64_t>();
    sequences += batch.tgt_out.size(1);
    right_tokens += pred.eq(batch.tgt_out).logical_and(valid).sum().item<int64_t>();
    tokens += valid.sum().item<int64_t>();
  }
  return {static_cast<double>(exact) / sequences, static_cast<double>(right_tokens) / tokens};
}
