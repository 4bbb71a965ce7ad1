#include "nbeats.h"

#include <string>

GenericBlockImpl::GenericBlockImpl(const NBeatsOptions& options) : options_(options) {
  const NBeatsOptions& o = options_;
  fc1_ = register_module("fc1", torch::nn::Linear(o.backcast_length() * o.data_size(), o.units()));
  fc2_ = register_module("fc2", torch::nn::Linear(o.units(), o.units()));
  fc3_ = register_module("fc3", torch::nn::Linear(o.units(), o.units()));
  fc4_ = register_module("fc4", torch::nn::Linear(o.units(), o.units()));
  theta_b_fc_ = register_module(
      "theta_b_fc",
      torch::nn::Linear(torch::nn::LinearOptions(o.units(), o.thetas_dim() * o.data_size()).bias(false)));
  theta_f_fc_ = register_module(
      "theta_f_fc",
      torch::nn::Linear(torch::nn::LinearOptions(o.units(), o.thetas_dim() * o.data_size()).bias(false)));
  backcast_fc_ = register_module(
      "backcast_fc",
      torch::nn::Linear(o.thetas_dim() * o.data_size(), o.backcast_length() * o.data_size()));
  forecast_fc_ = register_module(
      "forecast_fc",
      torch::nn::Linear(o.thetas_dim() * o.data_size(), o.forecast_length() * o.data_size()));
}

std::pair<torch::Tensor, torch::Tensor> GenericBlockImpl::forward(torch::Tensor x) {
  const int64_t batch = x.size(0);
  auto h = x.reshape({batch, -1});
  h = torch::relu(fc1_(h));
  h = torch::relu(fc2_(h));
  h = torch::relu(fc3_(h));
  h = torch::relu(fc4_(h));
  auto theta_b = torch::relu(theta_b_fc_(h));
  auto theta_f = torch::relu(theta_f_fc_(h));
  auto backcast = backcast_fc_(theta_b).reshape(
      {batch, options_.backcast_length(), options_.data_size()});
  auto forecast = forecast_fc_(theta_f).reshape(
      {batch, options_.forecast_length(), options_.data_size()});
  return {backcast, forecast};
}

std::vector<torch::Tensor> GenericBlockImpl::forecast_parameters() const {
  std::vector<torch::Tensor> params = theta_f_fc_->parameters();
  for (const auto& p : forecast_fc_->parameters()) params.push_back(p);
  return params;
}

NBeatsImpl::NBeatsImpl(const NBeatsOptions& options) : options_(options) {
  for (int64_t i = 0; i < options_.num_blocks(); ++i) {
    blocks_.push_back(register_module("block" + std::to_string(i), GenericBlock(options_)));
  }
}

torch::Tensor NBeatsImpl::forward(torch::Tensor x) {
  // Instance normalisation of each window, undone on the forecast.
  auto mean = x.mean(1, /*keepdim=*/true);
  auto scale = x.std({1}, /*unbiased=*/false, /*keepdim=*/true) + 1e-10;
  auto residual = (x - mean) / scale;
  auto forecast = torch::zeros({x.size(0), options_.forecast_length(), options_.data_size()},
                               x.options());
  for (auto& block : blocks_) {
    auto [backcast, block_forecast] = block->forward(residual);
    residual = residual - backcast;
    forecast = forecast + block_forecast;
  }
  return forecast * scale + mean;
}

std::vector<torch::Tensor> NBeatsImpl::forecast_parameters() const {
  std::vector<torch::Tensor> params;
  for (const auto& block : blocks_) {
    for (const auto& p : block->forecast_parameters()) params.push_back(p);
  }
  return params;
}
