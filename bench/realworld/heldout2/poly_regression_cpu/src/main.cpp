#include <torch/torch.h>

#include <iostream>

#include "poly_features.h"
#include "poly_model.h"

// Fit a noisy cubic with polynomial features, on the CPU.
const int64_t kDegree = 12;
const int64_t kWidth = 100;
const int64_t kBottleneck = 20;
const int64_t kNumSamples = 1000;
const int64_t kBatchSize = 25;
const int64_t kNumEpochs = 8;

int main() {
  torch::manual_seed(42);

  auto x = torch::linspace(-1.0, 1.0, kNumSamples).unsqueeze(1);
  auto y = 0.5 * x.pow(3) - x + 0.05 * torch::randn({kNumSamples, 1});

  Standardizer scaler;
  auto raw = polynomial_features(x, kDegree);
  scaler.fit(raw);
  auto features = scaler.transform(raw).to(torch::kCPU);
  auto targets = y.to(torch::kCPU);

  PolyNet model(kDegree, kWidth, kBottleneck);
  model->to(torch::kCPU);

  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));
  torch::optim::StepLR scheduler(optimizer, /*step_size=*/3, /*gamma=*/0.5);

  auto run_epoch = [&]() {
    auto order = torch::randperm(kNumSamples, torch::kLong);
    double total = 0.0;
    int64_t batches = 0;
    for (int64_t start = 0; start + kBatchSize <= kNumSamples; start += kBatchSize) {
      auto index = order.slice(0, start, start + kBatchSize);
      auto xb = features.index_select(0, index);
      auto yb = targets.index_select(0, index);
      optimizer.zero_grad();
      auto prediction = model->forward(xb);
      auto loss = torch::mse_loss(prediction, yb);
      loss.backward();
      optimizer.step();
      total += loss.item<double>();
      ++batches;
    }
    return total / static_cast<double>(batches);
  };

  for (int64_t epoch = 1; epoch <= kNumEpochs; ++epoch) {
    double mean_loss = run_epoch();
    scheduler.step();
    std::cout << "epoch " << epoch << " mse " << mean_loss << std::endl;
  }

  torch::NoGradGuard no_grad;
  auto grid = torch::linspace(-1.0, 1.0, 5).unsqueeze(1);
  std::cout << model->forward(scaler.transform(polynomial_features(grid, kDegree))) << std::endl;
  return 0;
}
