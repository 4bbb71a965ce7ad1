#include "train.h"

#include "losses.h"

namespace {
constexpr int64_t kAccumulation = 4;  // batches per optimizer step
constexpr double kCallsWeight = 0.5;
constexpr double kF1Weight = 0.2;
}  // namespace

double train_epoch(ChurnNet& net, torch::optim::Optimizer& optimizer, const ChurnData& data,
                   int64_t batch_size, torch::Device device) {
  net->train();
  const int64_t rows = data.numeric.size(0);
  const int64_t num_batches = rows / batch_size;
  auto order = torch::randperm(rows, torch::kLong);
  double total = 0.0;

  optimizer.zero_grad();
  for (int64_t b = 0; b < num_batches; ++b) {
    auto index = order.slice(0, b * batch_size, (b + 1) * batch_size);
    auto numeric = data.numeric.index_select(0, index).to(device);
    auto categorical = data.categorical.index_select(0, index).to(device);
    auto churned = data.churned.index_select(0, index).to(device);
    auto calls = data.calls.index_select(0, index).to(device);

    ChurnOutput out = net->forward(numeric, categorical);
    auto churn_loss = torch::binary_cross_entropy(torch::sigmoid(out.churn_logit), churned);
    auto calls_loss = poisson_nll(out.call_rate, calls);
    auto f1_loss = soft_f1_loss(torch::sigmoid(out.churn_logit), churned);
    auto loss = (churn_loss + kCallsWeight * calls_loss + kF1Weight * f1_loss) / kAccumulation;
    loss.backward();

    if ((b + 1) % kAccumulation == 0) {
      optimizer.step();
      optimizer.zero_grad();
    }
    total += loss.item<double>() * kAccumulation;
  }
  return total / static_cast<double>(num_batches);
}
