#include <iostream>

#include "train.hpp"

int main() {
  torch::manual_seed(123);
  torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;

  auto model = std::make_shared<DQN>(state_size, hidden_size);
  model->to(device);

  const float before = evaluate(model, device, 10, 99);
  TrainResult result = train(model, device);
  const float after = evaluate(model, device, 10, 99);

  std::cout << "optimizer steps: " << result.steps << std::endl;
  std::cout << "final loss: " << result.final_loss << std::endl;
  std::cout << "test lines cleared per game (greedy, 10 games, at most " << max_pieces
            << " pieces): " << before << " -> " << after << std::endl;
  return 0;
}
