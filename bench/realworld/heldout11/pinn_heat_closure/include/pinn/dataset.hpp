///
/// @file dataset.hpp
/// @brief Collocation points and boundary values of the steady heat (Laplace) problem
///

#ifndef FINAL_PROJECT_PINN_DATASET_HPP
#define FINAL_PROJECT_PINN_DATASET_HPP

#pragma once
#include <torch/torch.h>
#include <pinn/types.hpp>

namespace final_project { namespace PINN {

class dataset
{
public:
  dataset() = default;
  /// 2D: unit square, nx * ny grid (with its boundary)
  dataset(size_type nx, size_type ny, torch::Device device);
  /// 3D: unit cube
  dataset(size_type nx, size_type ny, size_type nz, torch::Device device);

  /// the exact (analytic) temperature at the points, for testing
  torch::Tensor exact(const torch::Tensor & X) const;

  torch::Tensor X_internal;
  torch::Tensor X_boundary;
  torch::Tensor Y_boundary;
  Integer dims {0};
};

} // namespace PINN
} // namespace final_project

#endif // FINAL_PROJECT_PINN_DATASET_HPP
