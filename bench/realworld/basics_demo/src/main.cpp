// The LibTorch tutorials' "basics" demo: autograd on scalars, then one step of a linear model;
// several backward() calls, gradients printed between them, one optimizer step.
#include <torch/torch.h>

#include "report.h"

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  torch::Tensor x = torch::tensor(1.0, torch::TensorOptions().device(device).requires_grad(true));
  torch::Tensor w = torch::tensor(2.0, torch::TensorOptions().device(device).requires_grad(true));
  torch::Tensor b = torch::tensor(3.0, torch::TensorOptions().device(device).requires_grad(true));
  auto y = w * x + b;
  y.backward();
  report("dy/dx", x.grad());
  report("dy/dw", w.grad());

  auto inputs = torch::randn({10, 3}).to(device);
  auto targets = torch::randn({10, 2}).to(device);
  torch::nn::Linear linear(3, 2);
  linear->to(device);
  torch::nn::MSELoss criterion;
  torch::optim::SGD optimizer(linear->parameters(), torch::optim::SGDOptions(0.01));
  auto pred = linear->forward(inputs);
  auto loss = criterion(pred, targets);
  report("loss", loss);
  loss.backward();
  report("dL/dw", linear->weight.grad());
  report("dL/db", linear->bias.grad());
  optimizer.step();
  report("loss after one step", criterion(linear->forward(inputs), targets));
}
