// Anomaly detection on synthetic three-axis accelerometer windows with a sparse
// autoencoder: trained on normal motion, scored by reconstruction error.
#include <iostream>

#include <torch/torch.h>

#include "autoencoder.h"
#include "engine.h"
#include "sensor_constants.h"

const int64_t kCodeDim = 20;
const double kSparsityTarget = 0.1;

namespace {

constexpr int64_t kTrainWindows = 2000;
constexpr int64_t kTestWindows = 200;  // of each kind
constexpr int64_t kIterations = 600;
constexpr int64_t kBatchSize = 64;

// Periodic motion (walking): the same gait cycle on the three axes, a third of
// a period apart, with a random cadence, phase and amplitude, plus sensor noise.
torch::Tensor normal_motion(int64_t n) {
  auto t = torch::arange(kWindow, torch::kFloat).div(50.0).view({1, 1, kWindow});
  auto freq = 1.0 + 2.0 * torch::rand({n, 1, 1});
  auto axis_offset = torch::arange(kChannels, torch::kFloat).mul(2.0944).view({1, kChannels, 1});
  auto phase = 6.2832 * torch::rand({n, 1, 1}) + axis_offset;
  auto amplitude = 0.6 + 0.4 * torch::rand({n, kChannels, 1});
  return amplitude * torch::sin(6.2832 * freq * t + phase) + 0.1 * torch::randn({n, kChannels, kWindow});
}

// Faults: a burst of spikes on one axis, or an axis stuck at a constant.
torch::Tensor faulty_motion(int64_t n) {
  auto x = normal_motion(n);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t axis = i % kChannels;
    const int64_t start = torch::randint(0, kWindow - 10, {1}).item<int64_t>();
    if (i % 2 == 0) {
      x[i][axis].slice(0, start, start + 10) += 2.5 * torch::randn({10});
    } else {
      x[i][axis].fill_(torch::rand({1}).item<double>() * 2.0 - 1.0);
    }
  }
  return x;
}

torch::Tensor scale_into_unit(const torch::Tensor& raw, const torch::Tensor& lo, const torch::Tensor& hi) {
  return ((raw - lo) / (hi - lo + 1e-8)).clamp(0.0, 1.0);
}

double roc_auc(const torch::Tensor& normal_scores, const torch::Tensor& faulty_scores) {
  auto wins = faulty_scores.unsqueeze(1).gt(normal_scores.unsqueeze(0)).to(torch::kFloat);
  return wins.mean().item<double>();
}

}  // namespace

int main() {
  torch::manual_seed(13);

  auto train_raw = normal_motion(kTrainWindows);
  auto lo = std::get<0>(train_raw.min(2, true)).amin(0, true);
  auto hi = std::get<0>(train_raw.max(2, true)).amax(0, true);
  auto train = scale_into_unit(train_raw, lo, hi);
  auto test_normal = scale_into_unit(normal_motion(kTestWindows), lo, hi);
  auto test_faulty = scale_into_unit(faulty_motion(kTestWindows), lo, hi);

  Engine engine(SparseAutoencoder(), "adam", 1e-2);
  const double final_loss = engine.run(train, kIterations, kBatchSize);

  auto normal_scores = engine.anomaly_scores(test_normal);
  auto faulty_scores = engine.anomaly_scores(test_faulty);
  auto threshold = engine.anomaly_scores(train).quantile(0.99).item<double>();
  const double detected = faulty_scores.gt(threshold).to(torch::kFloat).mean().item<double>();
  const double false_alarms = normal_scores.gt(threshold).to(torch::kFloat).mean().item<double>();

  std::cout << "final loss: " << final_loss << std::endl;
  std::cout << "test ROC AUC: " << roc_auc(normal_scores, faulty_scores) << " (detection rate "
            << detected << ", false alarm rate " << false_alarms << " at the 99th percentile)"
            << std::endl;
  return 0;
}
