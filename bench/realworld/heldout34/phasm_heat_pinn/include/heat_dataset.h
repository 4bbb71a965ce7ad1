#pragma once

#include <torch/torch.h>

#include "heat_pinn_net.h"

constexpr float PI = 3.14159265358979323846;

const int N = 33;  // grid dimension (65 in the original)
const float STEP_SIZE = 1.0 / (N - 1);
const int WHOLE_GRID_SIZE = N * N;
const int WHOLE_INPUT_DATA_SIZE = WHOLE_GRID_SIZE * 2;
const int BD_SIZE = 4 * N;
const int BD_INPUT_SIZE = BD_SIZE * 2;

void get_whole_dataset_X(float* data);
void get_bc_dataset_xTrain(float* data);
float get_pde_f_term(float x, float y);
void get_fterm_dataset_f(float* data);

torch::Tensor get_pde_loss(torch::Tensor& u, torch::Tensor& X, torch::Device& device);
torch::Tensor get_total_loss(HeatPINNNet& net,
                             torch::Tensor& X, torch::Tensor& X_train, torch::Tensor& y_train,
                             torch::Device& device);
