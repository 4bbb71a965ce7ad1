///
/// @file pinn.cpp
/// @brief Physics Informed Neural Network: model and losses
///

#include <cmath>
#include <pinn/pinn.hpp>

namespace final_project { namespace PINN {

/// @brief
/// @param insize  spatial dimension (2 or 3)
/// @param outsize number of outputs (the temperature)
/// @param hidden  widths of the hidden layers
/// @param nfreq   number of random Fourier frequencies
HeatPINNImpl::HeatPINNImpl(Integer insize, Integer outsize, std::vector<Integer> hidden, Integer nfreq)
{
  B = register_buffer("B", torch::randn({insize, nfreq}) * 1.5);
  embed = register_module("embed", torch::nn::Linear(2 * nfreq, EMBED_WIDTH));
  hidden_layers = register_module("hidden", torch::nn::ModuleList());
  Integer prev = EMBED_WIDTH;
  for (Integer h : hidden)
  {
    hidden_layers->push_back(torch::nn::Linear(prev, h));
    prev = h;
  }
  output = register_module("output", torch::nn::Linear(prev, outsize));
}

/// @brief
/// @param x points, [N, insize]
/// @return temperature, [N, 1]
torch::Tensor HeatPINNImpl::forward(torch::Tensor & x)
{
  constexpr double two_pi = 2.0 * 3.14159265358979323846;
  torch::Tensor proj = two_pi * torch::matmul(x, B);
  torch::Tensor out = torch::tanh(embed(torch::cat({torch::sin(proj), torch::cos(proj)}, 1)));
  for (const auto & layer : *hidden_layers)
    out = torch::tanh(layer->as<torch::nn::Linear>()->forward(out));
  return output(out);
}

/// @brief residual of the Laplace equation at the collocation points
torch::Tensor get_pde_loss(torch::Tensor & u, torch::Tensor & X, torch::Device & device)
{
  torch::Tensor du_dX {
    torch::autograd::grad({u}, {X}, {torch::ones_like(u)}, true, true, true)[0]
  };
  torch::Tensor laplacian = torch::zeros_like(u.squeeze(1));
  for (int64_t d = 0; d < X.size(1); ++d)
  {
    torch::Tensor du_dxd { du_dX.index({"...", d}) };
    torch::Tensor du_dxdxd {
      torch::autograd::grad({du_dxd}, {X}, {torch::ones_like(du_dxd)}, true, true, true)[0].index({"...", d})
    };
    laplacian = laplacian + du_dxdxd;
  }
  return torch::mean(torch::square(laplacian)).to(device);
}

/// @brief boundary misfit plus the PDE residual
torch::Tensor get_total_loss(HeatPINN & net,
  torch::Tensor & X, torch::Tensor & X_train, torch::Tensor & Y_train,
  torch::Device & device)
{
  constexpr double kBoundaryPenalty = 1.0e5;   // penalty method: the boundary values are (nearly) hard constraints
  constexpr double kResidualWeight = 1.0e2;
  torch::Tensor u { net->forward(X) };
  return kBoundaryPenalty * torch::mse_loss(net->forward(X_train), Y_train) + kResidualWeight * get_pde_loss(u, X, device);
}

} // namespace PINN
} // namespace final_project
