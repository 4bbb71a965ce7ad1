///
/// @file pinn.hpp
/// @brief Structures of the Physics Informed Neural Network
///

#ifndef FINAL_PROJECT_PINN_HPP
#define FINAL_PROJECT_PINN_HPP

#pragma once
#include <vector>
#include <torch/torch.h>

#include <types.hpp>
#include <pinn/types.hpp>

namespace final_project { namespace PINN {

/// Fourier-feature input, then a tanh MLP whose widths are given as a list
struct HeatPINNImpl
  : torch::nn::Module
{
  HeatPINNImpl(Integer insize, Integer outsize, std::vector<Integer> hidden, Integer nfreq = NUM_FREQ);

  torch::Tensor forward(torch::Tensor & x);

  torch::Tensor B;                  // random Fourier frequencies, [insize, nfreq]
  torch::nn::Linear embed {nullptr};  // [sin, cos] features -> EMBED_WIDTH
  torch::nn::ModuleList hidden_layers;
  torch::nn::Linear output {nullptr};
}; // struct HeatPINNImpl

TORCH_MODULE(HeatPINN);

torch::Tensor get_pde_loss(torch::Tensor &, torch::Tensor &, torch::Device &);
torch::Tensor get_total_loss(HeatPINN &, torch::Tensor &, torch::Tensor &, torch::Tensor &, torch::Device &);

} // namespace PINN
} // namespace final_project

#endif // end define FINAL_PROJECT_PINN_HPP
