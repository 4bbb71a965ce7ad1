#include "dynamic_eval.h"

#include <cmath>
#include <vector>

double static_bits_per_char(CharLM& model, const torch::Tensor& stream, int64_t segment,
                            torch::Device device) {
  torch::NoGradGuard no_grad;
  model->eval();
  auto data = stream.to(device).unsqueeze(0);
  auto hidden = model->initial_state(1, device);
  double total_nll = 0.0;
  int64_t count = 0;
  for (int64_t pos = 0; pos + segment + 1 <= data.size(1); pos += segment) {
    auto out = model->forward(data.slice(1, pos, pos + segment), hidden);
    hidden = out.hidden;
    auto target = data.slice(1, pos + 1, pos + segment + 1).squeeze(0);
    total_nll +=
        torch::nll_loss(out.log_probs.squeeze(0), target, {}, at::Reduction::Sum).item<double>();
    count += segment;
  }
  return total_nll / count / std::log(2.0);
}

double dynamic_bits_per_char(CharLM& model, const torch::Tensor& stream,
                             const DynamicEvalConfig& config, torch::Device device) {
  model->eval();
  std::vector<torch::Tensor> params = model->parameters();
  std::vector<torch::Tensor> trained;
  for (const auto& p : params) trained.push_back(p.detach().clone());

  auto data = stream.to(device).unsqueeze(0);
  auto hidden = model->initial_state(1, device);
  double total_nll = 0.0;
  int64_t count = 0;
  for (int64_t pos = 0; pos + config.segment + 1 <= data.size(1); pos += config.segment) {
    hidden = hidden.detach();
    auto out = model->forward(data.slice(1, pos, pos + config.segment), hidden);
    hidden = out.hidden;
    auto loss = torch::nll_loss(out.log_probs.squeeze(0),
                                data.slice(1, pos + 1, pos + config.segment + 1).squeeze(0));
    total_nll += loss.item<double>() * config.segment;
    count += config.segment;

    loss.backward();
    {
      torch::NoGradGuard no_grad;
      for (size_t i = 0; i < params.size(); ++i) {
        auto& p = params[i];
        if (!p.grad().defined()) continue;
        p.add_(p.grad(), -config.lr);
        p.add_(trained[i] - p, config.decay);
        p.grad().zero_();
      }
    }
  }

  torch::NoGradGuard no_grad;
  for (size_t i = 0; i < params.size(); ++i) params[i].copy_(trained[i]);
  return total_nll / count / std::log(2.0);
}
