#include "solver.h"

#include <iostream>

AdamSolver::AdamSolver(int64_t iterations, double learning_rate, double boundary_weight)
    : iterations_(iterations), learning_rate_(learning_rate), boundary_weight_(boundary_weight) {}

double AdamSolver::run(FourierNet& net, const HeatProblem& problem, const CollocationSet& points) {
  torch::optim::Adam optimizer(net->parameters(), torch::optim::AdamOptions(learning_rate_));
  torch::optim::StepLR scheduler(optimizer, /*step_size=*/100, /*gamma=*/0.5);
  double last_loss = 0.0;

  net->train();
  for (int64_t it = 0; it < iterations_; ++it) {
    optimizer.zero_grad();
    LossTerms terms = problem.losses(net, points);
    auto loss = terms.pde + boundary_weight_ * (terms.boundary + terms.initial);
    loss.backward();
    optimizer.step();
    scheduler.step();

    last_loss = loss.item<double>();
    if (it % 50 == 0 || it + 1 == iterations_) {
      std::cout << "adam it " << it << " loss " << last_loss << " (pde " << terms.pde.item<double>()
                << ", bc " << terms.boundary.item<double>() << ", ic "
                << terms.initial.item<double>() << ")" << std::endl;
    }
  }
  return last_loss;
}
