#pragma once
#include <torch/torch.h>

// small tensors: the CPU is fine, the GPU is taken when there is one
const torch::Device g_device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
const auto g_datatype = at::kFloat;
