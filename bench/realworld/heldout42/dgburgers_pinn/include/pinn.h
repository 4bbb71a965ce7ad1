#pragma once

#include <torch/torch.h>

// Fully connected PINN for the viscous Burgers equation u_t + u u_x = nu u_xx.
struct PINN : torch::nn::Module {
    PINN(int input_size, int hidden_size, int output_size);

    torch::Tensor forward(torch::Tensor x);

    torch::nn::Linear fc1{nullptr}, fc2{nullptr}, fc3{nullptr};
};
