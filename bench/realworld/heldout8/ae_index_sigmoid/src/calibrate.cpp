#include "calibrate.h"

#include <iostream>

RankHeadImpl::RankHeadImpl(int64_t code_size) {
  net_ = register_module("net", torch::nn::Sequential(torch::nn::Linear(code_size, 16), torch::nn::Tanh(),
                                                      torch::nn::Linear(16, 1), torch::nn::Sigmoid()));
}

torch::Tensor RankHeadImpl::forward(const torch::Tensor &code) { return net_->forward(code).squeeze(-1); }

void apply_update(torch::optim::Adam &optimizer, torch::Tensor loss) {
  optimizer.zero_grad();
  loss.backward();
  optimizer.step();
}

double fit_rank_head(RankHead &head, AutoEncoder &model, const PointSet &train, int64_t steps,
                     torch::Device device) {
  torch::optim::Adam optimizer(head->parameters(), torch::optim::AdamOptions(1e-2));
  model->eval();
  const int64_t n = train.points.size(0);
  double last = 0.0;
  for (int64_t step = 0; step < steps; ++step) {
    auto idx = torch::randint(n, {256}, torch::kLong);
    torch::Tensor code;
    {
      torch::NoGradGuard no_grad;
      code = model->encode(train.points.index_select(0, idx).to(device));
    }
    auto target = train.key.index_select(0, idx).to(device);
    auto pred = head->forward(code);
    auto loss = -(target * torch::log(pred + 1e-8) + (1 - target) * torch::log(1 - pred + 1e-8)).mean();
    apply_update(optimizer, loss);
    last = loss.item<double>();
  }
  return last;
}

double rank_error(RankHead &head, AutoEncoder &model, const PointSet &set, torch::Device device) {
  torch::NoGradGuard no_grad;
  model->eval();
  auto pred = head->forward(model->encode(set.points.to(device)));
  return (pred - set.key.to(device)).abs().mean().item<double>();
}
