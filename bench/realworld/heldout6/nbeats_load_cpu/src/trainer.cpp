#include "trainer.h"

#include <iostream>

float fit(NBeats& model, const Windows& train, const FitOptions& options) {
  model->to(torch::kCPU);
  model->train();
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(options.lr));

  const int64_t n = train.inputs.size(0);
  float last_loss = 0.0f;
  for (int epoch = 0; epoch < options.epochs; ++epoch) {
    auto perm = torch::randperm(n, torch::kLong);
    double epoch_loss = 0.0;
    int64_t batches = 0;
    for (int64_t b = 0; b + options.batch_size <= n; b += options.batch_size) {
      auto idx = perm.slice(0, b, b + options.batch_size);
      auto x = train.inputs.index_select(0, idx).to(torch::kCPU);
      auto y = train.targets.index_select(0, idx).to(torch::kCPU);
      auto prediction = model->forward(x);
      auto loss = torch::mse_loss(prediction, y);
      loss.backward();
      optimizer.step();
      last_loss = loss.item<float>();
      epoch_loss += last_loss;
      ++batches;
    }
    std::cout << "epoch " << epoch + 1 << "  train MSE " << epoch_loss / batches << "\n";
  }
  return last_loss;
}
