// Physics-informed network for the 1-D heat equation, trained on the CPU.
#include <iostream>
#include <memory>

#include <torch/torch.h>

#include "fourier_net.h"
#include "heat_problem.h"
#include "hyper.h"
#include "solver.h"

int main() {
  torch::manual_seed(3);
  const torch::Device device(torch::kCPU);

  FourierNet net(Hyper::num_freqs, Hyper::width, Hyper::depth);
  net->to(device);

  HeatProblem problem(Hyper::diffusivity);
  const CollocationSet points = problem.sample(Hyper::interior_points, Hyper::boundary_points,
                                               Hyper::initial_points, device);

  std::cout << "relative L2 error before training: "
            << problem.relative_l2(net, Hyper::test_grid, device) << std::endl;

  std::unique_ptr<Solver> solver =
      std::make_unique<AdamSolver>(Hyper::adam_iterations, Hyper::adam_lr, Hyper::boundary_weight);
  const double final_loss = solver->run(net, problem, points);

  std::cout << "final loss: " << final_loss << std::endl;
  std::cout << "test relative L2 error: " << problem.relative_l2(net, Hyper::test_grid, device)
            << std::endl;
  return 0;
}
