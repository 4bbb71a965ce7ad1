#pragma once

#include <iostream>
#include "torch/torch.h"

namespace p11 { namespace util_torch {

// Pick CUDA when it is there, else the CPU.
inline torch::DeviceType findBestTorchDevice()
{
  torch::DeviceType device = torch::kCPU;
  if (torch::cuda::is_available()) {
    //std::cout << "Best Torch device: CUDA" << std::endl;
    device = torch::kCUDA;
  } else {
    //std::cout << "Best Torch device: CPU" << std::endl;
    device = torch::kCPU;
  }
  return device;
}

}}  // end namespace p11::util_torch
