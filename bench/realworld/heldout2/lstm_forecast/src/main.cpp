#include <torch/torch.h>

#include <iostream>
#include <tuple>

#include "forecaster.h"
#include "trainer.h"

const int64_t kNumFeatures = 3;
const int64_t kConvChannels = 20;
const int64_t kHiddenSize = 50;
const int64_t kNumLayers = 2;
const int64_t kHorizon = 1;
const int64_t kWindow = 30;
const int64_t kNumWindows = 400;
const int64_t kBatchSize = 20;
const int64_t kNumEpochs = 10;

// Sliding windows over three noisy sine waves; the target is the next value of the first one.
std::tuple<torch::Tensor, torch::Tensor> make_windows() {
  auto t = torch::arange(kNumWindows + kWindow + 1, torch::kFloat).unsqueeze(1) * 0.1;
  auto phases = torch::tensor({0.0, 1.0, 2.0}).unsqueeze(0);
  auto series = torch::sin(t + phases) + 0.05 * torch::randn({kNumWindows + kWindow + 1, kNumFeatures});
  auto inputs = series.unfold(0, kWindow, 1).slice(0, 0, kNumWindows).transpose(1, 2).contiguous();
  auto targets = series.slice(0, kWindow, kWindow + kNumWindows).select(1, 0).unsqueeze(1);
  return {inputs, targets};
}

int main() {
  torch::manual_seed(17);
  torch::Device device = torch::kCPU;
  if (torch::cuda::is_available()) {
    device = torch::kCUDA;
  }

  torch::Tensor inputs, targets;
  std::tie(inputs, targets) = make_windows();

  Forecaster model(kNumFeatures, kConvChannels, kHiddenSize, kNumLayers, kHorizon);
  double loss = train_forecaster(model, inputs, targets, device, kNumEpochs, kBatchSize);
  std::cout << "final loss " << loss << std::endl;
  return 0;
}
