#pragma once

#include <torch/torch.h>

#include "fourier_net.h"

// Collocation points of the 1-D heat equation u_t = nu * u_xx on
// (x, t) in [0, 1] x [0, 1], u(x, 0) = sin(pi x), u(0, t) = u(1, t) = 0.
struct CollocationSet {
  torch::Tensor x_interior, t_interior;
  torch::Tensor x_boundary, t_boundary;
  torch::Tensor x_initial;
};

struct LossTerms {
  torch::Tensor pde;
  torch::Tensor boundary;
  torch::Tensor initial;
};

class HeatProblem {
 public:
  explicit HeatProblem(double diffusivity);

  CollocationSet sample(int64_t interior, int64_t boundary, int64_t initial,
                        torch::Device device) const;
  torch::Tensor exact(const torch::Tensor& x, const torch::Tensor& t) const;

  // u_t - nu * u_xx at (x, t), differentiable with respect to the weights.
  torch::Tensor residual(FourierNet& net, const torch::Tensor& x, const torch::Tensor& t) const;
  LossTerms losses(FourierNet& net, const CollocationSet& points) const;

  // Relative L2 error of the network on a grid x grid mesh.
  double relative_l2(FourierNet& net, int64_t grid, torch::Device device) const;

 private:
  double nu_;
};
