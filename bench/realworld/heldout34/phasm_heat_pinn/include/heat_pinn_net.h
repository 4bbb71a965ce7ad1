// Heat-equation PINN network, in the shape of the PHASM example
// examples/pinn_pde_solver/pinn_diffusion_pde_solver.cpp (split out of the single file here).
#pragma once

#include <torch/torch.h>

/// NN structure declaration
struct HeatPINNNetImpl : torch::nn::Module {
    // Matches the Python notebook's NN: Linear(2, 20), four Linear(20, 20), Linear(20, 1), tanh.
    HeatPINNNetImpl(int input_layer_size, int output_layer_size, int hidden_layer_size);

    torch::Tensor forward(torch::Tensor x);

    torch::nn::Linear input, hidden_0, hidden_1, hidden_2, hidden_3, output;
};

TORCH_MODULE(HeatPINNNet);  // a wrapped shared_ptr, see official tutorial
