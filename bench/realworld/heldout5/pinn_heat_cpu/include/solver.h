#pragma once

#include <torch/torch.h>

#include "fourier_net.h"
#include "heat_problem.h"

// A training stage of the PINN; run() returns the last total loss.
class Solver {
 public:
  virtual ~Solver() = default;
  virtual double run(FourierNet& net, const HeatProblem& problem, const CollocationSet& points) = 0;
};

class AdamSolver : public Solver {
 public:
  AdamSolver(int64_t iterations, double learning_rate, double boundary_weight);
  double run(FourierNet& net, const HeatProblem& problem, const CollocationSet& points) override;

 private:
  int64_t iterations_;
  double learning_rate_;
  double boundary_weight_;
};
