#include <torch/torch.h>

#include <iostream>
#include <vector>

#include "controller.h"
#include "shared_data.h"
#include "world.h"

namespace {
torch::Tensor make_test_data(World& world, int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(0.05, 0.95);
  auto data = torch::zeros({n, WMEESharedData::kNbInputs});
  for (int i = 0; i < n; ++i) {
    RobotPose pose{u(rng), u(rng), 6.283 * u(rng)};
    auto inputs = world.sense(pose);
    for (int j = 0; j < WMEESharedData::kNbInputs; ++j) {
      data[i][j] = (1.0 + inputs[j]) / 2.0;
    }
  }
  return data;
}

double test_mse(const std::vector<WMEEController*>& robots, const torch::Tensor& data) {
  torch::NoGradGuard no_grad;
  double sum = 0.0;
  for (auto* r : robots) {
    auto ae = r->visualModel();
    (*ae)->eval();
    sum += torch::mse_loss((*ae)->forward(data).reconstruction, data).item<double>();
  }
  return sum / robots.size();
}
}  // namespace

int main(int argc, char** argv) {
  torch::manual_seed(2);
  WMEESharedData::loadProperties(argc, argv);

  World world(12, 3);
  std::vector<WMEEController> controllers;
  controllers.reserve(4);
  for (int i = 0; i < 4; ++i) controllers.emplace_back(i, &world, 100 + i);
  std::vector<WMEEController*> robots;
  for (auto& c : controllers) robots.push_back(&c);

  auto test_data = make_test_data(world, 256, 9);
  const double mse_before = test_mse(robots, test_data);

  const int nb_iterations = 600;
  for (int it = 0; it < nb_iterations; ++it) {
    world.tick();
    for (auto* r : robots) {
      r->step();
      r->stepEvolution(robots);
    }
    if ((it + 1) % 100 == 0) {
      std::cout << "iteration " << it + 1 << " train loss (robot 0): " << robots[0]->lastTrainLoss()
                << std::endl;
    }
  }

  double final_loss = 0.0;
  for (auto* r : robots) final_loss += r->lastTrainLoss();
  final_loss /= robots.size();
  const double mse_after = test_mse(robots, test_data);

  std::cout << "final loss: " << final_loss << std::endl;
  std::cout << "test reconstruction MSE: " << mse_before << " -> " << mse_after << std::endl;
  return 0;
}
