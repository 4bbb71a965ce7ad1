#include "trainer.h"

#include <iostream>

namespace {

torch::Tensor vae_loss(const VaeOutput &out, const torch::Tensor &x, double beta) {
  const double n = static_cast<double>(x.size(0));
  auto recon = torch::mse_loss(out.recon, x, at::Reduction::Sum) / n;
  auto kl = -0.5 * torch::sum(1 + out.log_var - out.mu.pow(2) - out.log_var.exp()) / n;
  return recon + beta * kl;
}

}  // namespace

double train_vae(Vae &model, const torch::Tensor &x, const VaeTrainOptions &opts, torch::Device device) {
  model->to(device);
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(opts.lr));
  const int64_t n = x.size(0);
  double last_loss = 0.0;
  for (int64_t epoch = 0; epoch < opts.epochs; ++epoch) {
    model->train();
    auto perm = torch::randperm(n);
    double running = 0.0;
    int64_t batches = 0;
    for (int64_t begin = 0; begin + opts.batch_size <= n; begin += opts.batch_size) {
      auto batch = x.index_select(0, perm.slice(0, begin, begin + opts.batch_size)).to(device);
      optimizer.zero_grad();
      VaeOutput out = model->forward(batch);
      auto loss = vae_loss(out, batch, opts.beta);
      loss.backward();
      optimizer.step();
      last_loss = loss.item<double>();
      running += last_loss;
      ++batches;
    }
    if (epoch % 3 == 2) {
      std::cout << "epoch " << epoch << " vae loss " << running / batches << std::endl;
    }
  }
  return last_loss;
}

double reconstruction_mse(Vae &model, const torch::Tensor &x, torch::Device device) {
  torch::NoGradGuard no_grad;
  model->eval();
  auto xd = x.to(device);
  VaeOutput out = model->forward(xd);
  return torch::mse_loss(out.recon, xd).item<double>();
}
