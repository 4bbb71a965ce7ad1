#include "probe.h"

#include "sensors.h"

LatentProbeImpl::LatentProbeImpl(int64_t latent, int64_t hidden, int64_t classes)
    : fc1_(register_module("fc1", torch::nn::Linear(latent, hidden))),
      fc2_(register_module("fc2", torch::nn::Linear(hidden, classes))) {}

torch::Tensor LatentProbeImpl::forward(torch::Tensor z) {
  return fc2_(torch::relu(fc1_(z)));
}

double train_probe(LatentProbe &probe, const torch::Tensor &z, const torch::Tensor &labels, int64_t steps,
                   torch::Device device) {
  probe->to(device);
  probe->train();
  torch::optim::Adam optimizer(probe->parameters(), torch::optim::AdamOptions(5e-3));
  auto zd = z.to(device);
  auto targets = torch::one_hot(labels, kNumModes).to(torch::kFloat).to(device);
  double last_loss = 0.0;
  for (int64_t step = 0; step < steps; ++step) {
    auto p = torch::sigmoid(probe->forward(zd));
    // one-vs-rest log loss over the regimes
    auto loss = -(targets * torch::log(p + 1e-9) + (1 - targets) * torch::log(1 - p + 1e-9)).mean();
    loss.backward();
    optimizer.step();
    last_loss = loss.item<double>();
  }
  return last_loss;
}

double probe_accuracy(LatentProbe &probe, const torch::Tensor &z, const torch::Tensor &labels,
                      torch::Device device) {
  torch::NoGradGuard no_grad;
  probe->eval();
  auto pred = probe->forward(z.to(device)).argmax(1).to(torch::kCPU);
  return pred.eq(labels).to(torch::kFloat).mean().item<double>();
}
