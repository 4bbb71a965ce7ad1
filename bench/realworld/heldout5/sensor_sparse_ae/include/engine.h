#pragma once

#include <memory>
#include <string>
#include <vector>

#include <torch/torch.h>

#include "autoencoder.h"

std::unique_ptr<torch::optim::Optimizer> make_optimizer(const std::string& name,
                                                        std::vector<torch::Tensor> parameters,
                                                        double learning_rate);

class Engine {
 public:
  Engine(SparseAutoencoder model, const std::string& optimizer_name, double learning_rate);

  // Trains on random batches of windows; returns the last loss.
  double run(const torch::Tensor& windows, int64_t iterations, int64_t batch_size);

  // Mean squared reconstruction error of each window.
  torch::Tensor anomaly_scores(const torch::Tensor& windows);

 private:
  SparseAutoencoder model_;
  torch::Device device_{torch::kCPU};
  std::unique_ptr<torch::optim::Optimizer> optimizer_;
};
