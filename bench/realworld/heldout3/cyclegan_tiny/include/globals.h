#ifndef CYCLEGAN_GLOBALS_H
#define CYCLEGAN_GLOBALS_H

#include <torch/torch.h>

inline torch::Device device = torch::cuda::is_available() ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);

#endif
