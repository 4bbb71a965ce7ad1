// Gradient accumulation over micro-batches with gradient-norm clipping, trained in plain fp32.
#include "example_report.h"

int main(int argc, char **argv) {
  auto config = example::parse(argc, argv);
  torch::manual_seed(0);
  const int64_t micro_batch = 1024, in = 2048, hidden = 4096, out = 256, accumulation = 4;
  auto teacher = torch::randn({in, out}, config.device) / std::sqrt(double(in));
  torch::nn::Sequential model(torch::nn::Linear(in, hidden), torch::nn::GELU(),
                              torch::nn::Linear(hidden, hidden), torch::nn::GELU(),
                              torch::nn::Linear(hidden, out));
  model->to(config.device);
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.02).momentum(0.9));
  example::Report report(config);

  optimizer.zero_grad();
  for (int step = 0; step < config.steps * accumulation; ++step) {
    auto x = torch::randn({micro_batch, in}, config.device);
    auto y = torch::matmul(x, teacher);
    auto loss = torch::mse_loss(model->forward(x), y) / accumulation;
    loss.backward();
    if ((step + 1) % accumulation == 0) {
      torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
      optimizer.step();
      optimizer.zero_grad();
      report.step(loss * accumulation);
    }
  }
  report.write();
}
