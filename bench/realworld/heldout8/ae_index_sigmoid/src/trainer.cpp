#include "trainer.h"

#include <iostream>

double train_autoencoder(AutoEncoder &model, const PointSet &train, const TrainSettings &s,
                         torch::Device device) {
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(s.lr));
  model->train();
  const int64_t n = train.points.size(0);
  double last = 0.0;
  for (int64_t epoch = 0; epoch < s.epochs; ++epoch) {
    auto perm = torch::randperm(n, torch::kLong);
    double running = 0.0;
    int64_t batches = 0;
    for (int64_t start = 0; start + s.batch <= n; start += s.batch) {
      auto x = train.points.index_select(0, perm.slice(0, start, start + s.batch)).to(device);
      torch::Tensor anchor, positive, negative;
      make_triplets(s.batch / 2, anchor, positive, negative);
      optimizer.zero_grad();
      auto recon = model->forward(x);
      auto recon_loss = torch::binary_cross_entropy(recon, x);
      recon_loss.backward();
      auto loc_loss = s.locality_weight *
                      model->locality_loss(anchor.to(device), positive.to(device), negative.to(device));
      loc_loss.backward();
      optimizer.step();
      last = recon_loss.item<double>() + loc_loss.item<double>();
      running += last;
      ++batches;
    }
    std::cout << "epoch " << epoch + 1 << " loss " << running / batches << std::endl;
  }
  return last;
}

double reconstruction_bce(AutoEncoder &model, const PointSet &set, torch::Device device) {
  torch::NoGradGuard no_grad;
  model->eval();
  auto x = set.points.to(device);
  return torch::binary_cross_entropy(model->forward(x), x).item<double>();
}
