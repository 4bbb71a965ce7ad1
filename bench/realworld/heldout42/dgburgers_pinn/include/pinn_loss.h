#pragma once

#include <memory>

#include <torch/torch.h>

#include "pinn.h"

torch::Tensor compute_pde_residual(torch::Tensor u, torch::Tensor x, torch::Tensor t, float nu);

torch::Tensor compute_loss(std::shared_ptr<PINN> model,
                           const torch::Tensor& colloc_points,
                           const torch::Tensor& bc_points,
                           float nu);
