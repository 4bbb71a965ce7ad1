#include "engine.h"

#include <iostream>
#include <stdexcept>

#include "sensor_constants.h"
#include "sparsity.h"

namespace {
constexpr int64_t kUpdateInterval = 2;  // batches accumulated per optimizer step
constexpr double kSparsityWeight = 0.01;
}  // namespace

std::unique_ptr<torch::optim::Optimizer> make_optimizer(const std::string& name,
                                                        std::vector<torch::Tensor> parameters,
                                                        double learning_rate) {
  if (name == "adam") {
    return std::make_unique<torch::optim::Adam>(std::move(parameters),
                                                torch::optim::AdamOptions(learning_rate));
  }
  if (name == "rmsprop") {
    return std::make_unique<torch::optim::RMSprop>(std::move(parameters),
                                                   torch::optim::RMSpropOptions(learning_rate));
  }
  throw std::invalid_argument("unknown optimizer: " + name);
}

Engine::Engine(SparseAutoencoder model, const std::string& optimizer_name, double learning_rate)
    : model_(std::move(model)) {
  if (torch::cuda::is_available()) {
    device_ = torch::Device(torch::kCUDA);
  }
  model_->to(device_);
  optimizer_ = make_optimizer(optimizer_name, model_->parameters(), learning_rate);
}

double Engine::run(const torch::Tensor& windows, int64_t iterations, int64_t batch_size) {
  namespace F = torch::nn::functional;
  const int64_t rows = windows.size(0);
  double last_loss = 0.0;

  model_->train();
  model_->zero_grad();
  for (int64_t it = 0; it < iterations; ++it) {
    auto index = torch::randint(0, rows, {batch_size}, torch::kLong);
    auto batch = windows.index_select(0, index).to(device_);

    AutoencoderOutput out = model_->forward(batch);
    auto reconstruction_loss = F::binary_cross_entropy(out.reconstruction, batch);
    auto sparsity_loss = kl_sparsity(out.code_activation, kSparsityTarget);
    auto loss = reconstruction_loss + kSparsityWeight * sparsity_loss;
    loss.backward();

    if (it % kUpdateInterval == kUpdateInterval - 1) {
      optimizer_->step();
      model_->zero_grad();
    }
    last_loss = loss.item<double>();
    if (it % 100 == 0) {
      std::cout << "iteration " << it << " loss " << last_loss << " (reconstruction "
                << reconstruction_loss.item<double>() << ", sparsity "
                << sparsity_loss.item<double>() << ")" << std::endl;
    }
  }
  return last_loss;
}

torch::Tensor Engine::anomaly_scores(const torch::Tensor& windows) {
  torch::NoGradGuard no_grad;
  model_->eval();
  auto input = windows.to(device_);
  auto reconstruction = model_->forward(input).reconstruction;
  return (reconstruction - input).pow(2).flatten(1).mean(1).cpu();
}
