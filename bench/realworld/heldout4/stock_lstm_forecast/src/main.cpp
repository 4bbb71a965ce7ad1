#include <torch/torch.h>

#include <iostream>

#include "network_constants.h"
#include "network_trainer.h"

namespace {

constexpr double kPi = 3.14159265358979323846;

// Synthetic daily closes: trend + two seasonalities + a random walk.
torch::Tensor make_prices(size_t n) {
  auto t = torch::arange(static_cast<int64_t>(n), torch::kFloat);
  auto walk = torch::cumsum(0.4 * torch::randn({static_cast<int64_t>(n)}), 0);
  return 100 + 0.02 * t + 6 * torch::sin(t * 2 * kPi / 21) + 3 * torch::sin(t * 2 * kPi / 63) +
         walk;
}

// Windows of `prev` previous values (left-padded with zeros before the series
// start) and the value that follows each window.
void make_windows(const torch::Tensor& series, int64_t prev, int64_t begin, int64_t end,
                  torch::Tensor& x, torch::Tensor& y, torch::Tensor& pad) {
  auto padded = torch::cat({torch::zeros({prev}), series});
  auto rows = padded.unfold(0, prev, 1).slice(0, begin, end);  // [n, prev]
  x = rows.t().unsqueeze(2).contiguous();                         // [prev, n, 1]
  auto src = torch::arange(begin, end, torch::kLong).unsqueeze(1) - prev +
             torch::arange(prev, torch::kLong).unsqueeze(0);
  pad = src < 0;
  y = series.slice(0, begin, end).clone();
}

}  // namespace

int main() {
  torch::manual_seed(3);
  auto prices = make_prices(NetworkConstants::kMaxStockPrices);

  // Min-max scale into [0.1, 0.9] with the statistics of the training part.
  const int64_t total = static_cast<int64_t>(NetworkConstants::kMaxStockPrices);
  const int64_t split = static_cast<int64_t>(total * (1.0f - NetworkConstants::kSplitRatio));
  auto lo = prices.slice(0, 0, split).min();
  auto hi = prices.slice(0, 0, split).max();
  auto scaled = 0.1 + 0.8 * (prices - lo) / (hi - lo);

  torch::Tensor x_train, y_train, pad_train, x_test, y_test, pad_test;
  make_windows(scaled, NetworkConstants::kPrevSamples, 1, split, x_train, y_train, pad_train);
  make_windows(scaled, NetworkConstants::kPrevSamples, split, total, x_test, y_test, pad_test);

  NetworkTrainer trainer(NetworkConstants::input_size, NetworkConstants::hidden_size,
                         NetworkConstants::output_size, NetworkConstants::num_of_layers,
                         NetworkConstants::kPrevSamples, NetworkConstants::kLearningRate,
                         NetworkConstants::kMaxEpochs);
  float final_loss = trainer.fit(x_train, y_train, pad_train);

  auto pred = trainer.predict(x_test, pad_test);
  auto unscale = [&](const torch::Tensor& v) { return (v - 0.1) / 0.8 * (hi - lo) + lo; };
  double rmse = torch::sqrt((unscale(pred) - unscale(y_test)).pow(2).mean()).item<double>();
  double naive = torch::sqrt((unscale(x_test[-1].view({-1})) - unscale(y_test)).pow(2).mean())
                     .item<double>();

  std::cout << "final loss: " << final_loss << std::endl;
  std::cout << "test RMSE: " << rmse << " (last-value baseline " << naive << ")" << std::endl;
  return 0;
}
