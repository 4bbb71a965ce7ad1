#include <torch/torch.h>

#include <iostream>

#include "codec_config.h"
#include "predictor.h"
#include "trainer.h"
#include "waveforms.h"

int main() {
  torch::manual_seed(0);
  torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;

  CodecConfig cfg;
  cfg.hidden = 150;

  auto train_waves = make_waveforms(96, 2000, 1);
  auto test_waves = make_waveforms(32, 2000, 2);

  Predictor model(cfg);
  model->to(device);

  TrainOptions opts;
  opts.steps = 150;
  double final_loss = train_predictor(model, train_waves, cfg, opts, device);
  std::cout << "final loss: " << final_loss << std::endl;

  // Baseline: entropy of the marginal code distribution of the test set.
  auto codes = mu_law_encode(test_waves).reshape({-1});
  auto hist = torch::bincount(codes, {}, kLevels).to(torch::kFloat64);
  auto marginal = hist / hist.sum();
  auto nz = marginal.masked_select(marginal > 0);
  double marginal_bits = (-(nz * torch::log2(nz)).sum()).item<double>();

  double bits = bits_per_sample(model, test_waves, cfg, device);
  std::cout << "test bits per sample: " << bits << " (marginal entropy " << marginal_bits
            << " bits)" << std::endl;
  return 0;
}
