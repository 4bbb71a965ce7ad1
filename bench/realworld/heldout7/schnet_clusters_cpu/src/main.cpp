#include <torch/torch.h>

#include <iostream>
#include <random>

#include "config.h"
#include "molecules.h"
#include "schnet.h"
#include "trainer.h"

int main() {
  torch::manual_seed(3);
  torch::Device device(torch::kCPU);

  SchNetConfig cfg = make_config();
  std::mt19937 rng(2024);
  auto train = make_clusters(cfg.num_train, rng);
  auto test = make_clusters(cfg.num_test, rng);
  EnergyScaler scaler = fit_scaler(train);

  // Baseline: predict the training mean for every test cluster.
  double baseline = 0.0;
  for (const auto &m : test) baseline += std::abs(m.energy - scaler.mean);
  baseline /= static_cast<double>(test.size());

  SchNet model(cfg);
  std::cout << "SchNet: " << cfg.num_interactions << " interactions, " << cfg.num_gaussians
            << " gaussians, hidden " << cfg.hidden << std::endl;
  const double final_loss = train_schnet(model, train, scaler, cfg, device);
  const double mae = test_mae(model, test, scaler, cfg, device);

  std::cout << "final loss: " << final_loss << std::endl;
  std::cout << "test energy MAE: " << mae << " (mean predictor: " << baseline << ")" << std::endl;
  return 0;
}
