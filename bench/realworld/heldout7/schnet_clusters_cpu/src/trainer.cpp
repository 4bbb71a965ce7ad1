#include "trainer.h"

#include <algorithm>
#include <iostream>
#include <numeric>
#include <random>

double train_schnet(SchNet &model, const std::vector<Molecule> &train, const EnergyScaler &scaler,
                    const SchNetConfig &cfg, torch::Device device) {
  model->to(device);
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(cfg.lr));
  torch::optim::StepLR scheduler(optimizer, cfg.lr_step, cfg.lr_gamma);

  std::vector<int64_t> order(train.size());
  std::iota(order.begin(), order.end(), 0);
  std::mt19937 rng(11);
  double last_loss = 0.0;
  const size_t bs = static_cast<size_t>(cfg.batch_size);

  for (int64_t epoch = 0; epoch < cfg.epochs; ++epoch) {
    model->train();
    std::shuffle(order.begin(), order.end(), rng);
    double epoch_loss = 0.0;
    int64_t batches = 0;
    for (size_t begin = 0; begin + bs <= order.size(); begin += bs) {
      GraphBatch batch = collate(train, order, begin, begin + bs, cfg.cutoff, scaler);
      optimizer.zero_grad();
      auto pred = model->forward(batch.positions.to(device), batch.types.to(device),
                                 batch.mol_index.to(device), batch.src.to(device), batch.dst.to(device),
                                 batch.num_molecules);
      auto loss = torch::mse_loss(pred, batch.energy.to(device));
      loss.backward();
      optimizer.step();
      last_loss = loss.item<double>();
      epoch_loss += last_loss;
      ++batches;
    }
    scheduler.step();
    std::cout << "epoch " << epoch << " train mse " << epoch_loss / batches << std::endl;
  }
  return last_loss;
}

double test_mae(SchNet &model, const std::vector<Molecule> &test, const EnergyScaler &scaler,
                const SchNetConfig &cfg, torch::Device device) {
  torch::NoGradGuard no_grad;
  model->eval();
  std::vector<int64_t> order(test.size());
  std::iota(order.begin(), order.end(), 0);
  GraphBatch batch = collate(test, order, 0, test.size(), cfg.cutoff, scaler);
  auto pred = model->forward(batch.positions.to(device), batch.types.to(device), batch.mol_index.to(device),
                             batch.src.to(device), batch.dst.to(device), batch.num_molecules);
  return ((pred.to(torch::kCPU) - batch.energy).abs().mean() * scaler.std).item<double>();
}
