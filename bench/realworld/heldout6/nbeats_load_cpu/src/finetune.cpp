#include "finetune.h"

#include <iostream>

float finetune_forecast_heads(NBeats& model, const Windows& validation, int rounds) {
  model->eval();
  torch::optim::LBFGS optimizer(model->forecast_parameters(),
                                torch::optim::LBFGSOptions(0.5).max_iter(10).history_size(20));
  auto x = validation.inputs.to(torch::kCPU);
  auto y = validation.targets.to(torch::kCPU);
  float last_loss = 0.0f;
  for (int round = 0; round < rounds; ++round) {
    auto closure = [&]() -> torch::Tensor {
      model->zero_grad();
      auto loss = torch::mse_loss(model->forward(x), y);
      loss.backward();
      return loss;
    };
    last_loss = optimizer.step(closure).item<float>();
    std::cout << "L-BFGS round " << round + 1 << "  validation MSE " << last_loss << "\n";
  }
  return last_loss;
}
