///
/// @file dataset.cpp
/// @brief Grid points of the steady heat problem; boundary temperatures from an analytic solution
///

#include <cmath>
#include <pinn/dataset.hpp>

namespace final_project { namespace PINN {

namespace {
constexpr double kPi = 3.14159265358979323846;

/// all grid points of [0,1]^d with n_i points per axis, flattened
torch::Tensor grid(const std::vector<size_type> & n)
{
  std::vector<torch::Tensor> axes;
  for (auto ni : n)
    axes.push_back(torch::linspace(0.0, 1.0, static_cast<int64_t>(ni)));
  auto mesh = torch::meshgrid(axes, "ij");
  std::vector<torch::Tensor> cols;
  for (auto & m : mesh)
    cols.push_back(m.reshape({-1, 1}));
  return torch::cat(cols, 1);
}

torch::Tensor on_boundary(const torch::Tensor & X)
{
  return ((X <= 1e-6) | (X >= 1.0 - 1e-6)).any(1);
}
} // namespace

dataset::dataset(size_type nx, size_type ny, torch::Device device)
  : dims {2}
{
  auto X = grid({nx, ny});
  auto b = on_boundary(X);
  X_boundary = X.index({b}).to(device);
  X_internal = X.index({~b}).to(device).requires_grad_(true);
  Y_boundary = exact(X_boundary);
}

dataset::dataset(size_type nx, size_type ny, size_type nz, torch::Device device)
  : dims {3}
{
  auto X = grid({nx, ny, nz});
  auto b = on_boundary(X);
  X_boundary = X.index({b}).to(device);
  X_internal = X.index({~b}).to(device).requires_grad_(true);
  Y_boundary = exact(X_boundary);
}

/// harmonic functions: sin(pi x) sinh(pi y) / sinh(pi) in 2D,
/// sin(pi x) sin(pi y) sinh(sqrt(2) pi z) / sinh(sqrt(2) pi) in 3D
torch::Tensor dataset::exact(const torch::Tensor & X) const
{
  torch::NoGradGuard no_grad;
  auto x = X.index({"...", 0});
  auto y = X.index({"...", 1});
  if (dims == 3)
  {
    auto z = X.index({"...", 2});
    const double k = std::sqrt(2.0) * kPi;
    return (torch::sin(kPi * x) * torch::sin(kPi * y) * torch::sinh(k * z) / std::sinh(k)).unsqueeze(1);
  }
  return (torch::sin(kPi * x) * torch::sinh(kPi * y) / std::sinh(kPi)).unsqueeze(1);
}

} // namespace PINN
} // namespace final_project
