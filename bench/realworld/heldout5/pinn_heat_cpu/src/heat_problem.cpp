#include "heat_problem.h"

#include <cmath>

namespace F = torch::nn::functional;

HeatProblem::HeatProblem(double diffusivity) : nu_(diffusivity) {}

CollocationSet HeatProblem::sample(int64_t interior, int64_t boundary, int64_t initial,
                                   torch::Device device) const {
  auto options = torch::TensorOptions().dtype(torch::kFloat).device(device);
  CollocationSet points;
  points.x_interior = torch::rand({interior, 1}, options);
  points.t_interior = torch::rand({interior, 1}, options);
  points.x_boundary = torch::randint(0, 2, {boundary, 1}, options);
  points.t_boundary = torch::rand({boundary, 1}, options);
  points.x_initial = torch::rand({initial, 1}, options);
  return points;
}

torch::Tensor HeatProblem::exact(const torch::Tensor& x, const torch::Tensor& t) const {
  return torch::exp(-nu_ * M_PI * M_PI * t) * torch::sin(M_PI * x);
}

torch::Tensor HeatProblem::residual(FourierNet& net, const torch::Tensor& x,
                                    const torch::Tensor& t) const {
  auto xg = x.detach().clone().set_requires_grad(true);
  auto tg = t.detach().clone().set_requires_grad(true);
  auto u = net->forward(xg, tg);
  auto first = torch::autograd::grad({u}, {xg, tg}, {torch::ones_like(u)},
                                     /*retain_graph=*/true, /*create_graph=*/true);
  auto u_x = first[0];
  auto u_t = first[1];
  auto u_xx = torch::autograd::grad({u_x}, {xg}, {torch::ones_like(u_x)},
                                    /*retain_graph=*/true, /*create_graph=*/true)[0];
  return u_t - nu_ * u_xx;
}

LossTerms HeatProblem::losses(FourierNet& net, const CollocationSet& points) const {
  auto res = residual(net, points.x_interior, points.t_interior);
  // Residual-based attention: the points with the largest residual weigh more.
  auto attention = res.detach().abs();
  attention = attention / (attention.max() + 1e-8);

  LossTerms terms;
  terms.pde = ((1.0 + attention) * res.pow(2)).mean();
  terms.boundary = net->forward(points.x_boundary, points.t_boundary).pow(2).mean();
  auto t0 = torch::zeros_like(points.x_initial);
  terms.initial =
      F::mse_loss(net->forward(points.x_initial, t0), torch::sin(M_PI * points.x_initial));
  return terms;
}

double HeatProblem::relative_l2(FourierNet& net, int64_t grid, torch::Device device) const {
  torch::NoGradGuard no_grad;
  auto axis = torch::linspace(0.0, 1.0, grid, torch::TensorOptions().device(device));
  auto mesh = torch::meshgrid({axis, axis}, "ij");
  auto x = mesh[0].reshape({-1, 1});
  auto t = mesh[1].reshape({-1, 1});
  auto reference = exact(x, t);
  auto error = (net->forward(x, t) - reference).norm() / (reference.norm() + 1e-8);
  return error.item<double>();
}
