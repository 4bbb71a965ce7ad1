// Churn prediction with an auxiliary count task (support calls next month) on
// synthetic customer records, followed by Platt scaling of the churn scores on
// a validation split.
#include <iostream>

#include <torch/torch.h>

#include "calibrate.h"
#include "churn_data.h"
#include "churn_net.h"
#include "train.h"

namespace {

constexpr int64_t kTrainRows = 4096;
constexpr int64_t kValidRows = 1024;
constexpr int64_t kTestRows = 1024;
constexpr int64_t kBatchSize = 64;
constexpr int64_t kEpochs = 15;

struct Population {
  torch::Tensor numeric_weights;   // [kNumNumeric]
  torch::Tensor category_effects;  // [kNumCategorical, kCardinality]
};

ChurnData sample_customers(const Population& pop, int64_t rows) {
  ChurnData d;
  d.numeric = torch::randn({rows, kNumNumeric});
  d.categorical = torch::randint(0, kCardinality, {rows, kNumCategorical}, torch::kLong);
  auto effects = torch::zeros({rows});
  for (int64_t c = 0; c < kNumCategorical; ++c) {
    effects += pop.category_effects[c].index_select(0, d.categorical.select(1, c));
  }
  auto tenure = d.numeric.select(1, 0);
  auto charges = d.numeric.select(1, 1);
  auto latent = d.numeric.matmul(pop.numeric_weights) + effects + 0.8 * tenure * charges - 0.5;
  d.churned = torch::bernoulli(torch::sigmoid(latent));
  d.calls = torch::poisson(torch::exp(0.4 * charges - 0.3 * tenure + 0.5 * effects.tanh()));
  return d;
}

struct Scores {
  torch::Tensor logits;
  torch::Tensor rates;
};

Scores score(ChurnNet& net, const ChurnData& data, torch::Device device) {
  torch::NoGradGuard no_grad;
  net->eval();
  ChurnOutput out = net->forward(data.numeric.to(device), data.categorical.to(device));
  return {out.churn_logit, out.call_rate};
}

}  // namespace

int main() {
  torch::manual_seed(5);
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

  Population pop{0.6 * torch::randn({kNumNumeric}), 0.7 * torch::randn({kNumCategorical, kCardinality})};
  const ChurnData train = sample_customers(pop, kTrainRows);
  const ChurnData valid = sample_customers(pop, kValidRows);
  const ChurnData test = sample_customers(pop, kTestRows);

  ChurnNet net;
  net->to(device);
  torch::optim::Adam optimizer(net->parameters(), torch::optim::AdamOptions(3e-3));

  double epoch_loss = 0.0;
  for (int64_t epoch = 0; epoch < kEpochs; ++epoch) {
    epoch_loss = train_epoch(net, optimizer, train, kBatchSize, device);
    if (epoch % 5 == 4) {
      std::cout << "epoch " << epoch + 1 << " loss " << epoch_loss << std::endl;
    }
  }

  const Scores val_scores = score(net, valid, device);
  const PlattScaler platt = fit_platt(val_scores.logits, valid.churned.to(device), 200, 0.5);

  const Scores test_scores = score(net, test, device);
  auto labels = test.churned.to(device);
  auto raw_prob = torch::sigmoid(test_scores.logits);
  auto calibrated = torch::sigmoid(platt.a * test_scores.logits + platt.b);
  const double accuracy = raw_prob.gt(0.5).to(torch::kFloat).eq(labels).to(torch::kFloat).mean().item<double>();
  const double call_mae = (test_scores.rates - test.calls.to(device)).abs().mean().item<double>();
  const double call_baseline = (test.calls - train.calls.mean()).abs().mean().item<double>();

  std::cout << "final loss: " << epoch_loss << std::endl;
  std::cout << "test accuracy: " << accuracy << " (majority " << std::max(labels.mean().item<double>(), 1 - labels.mean().item<double>()) << ")" << std::endl;
  std::cout << "test log loss raw " << mean_log_loss(raw_prob, labels) << ", after Platt (a="
            << platt.a << ", b=" << platt.b << ") " << mean_log_loss(calibrated, labels) << std::endl;
  std::cout << "test support-call MAE " << call_mae << " (mean baseline " << call_baseline << ")"
            << std::endl;
  return 0;
}
