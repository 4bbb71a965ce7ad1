#include "config.h"

void train(const RunParams *params) {
  Gen gen(params->noise);
  torch::optim::Adam optimizer(gen->parameters(), 1e-3);
  for (unsigned step = 0; step < params->batch; ++step) {
    optimizer.zero_grad();
    torch::Tensor loss = gen(torch::randn({4, params->noise, 1, 1})).mean();
    loss.backward();
    optimizer.step();
  }
}
