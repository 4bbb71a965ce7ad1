#ifndef LFR_HEADER_CORE_TORCH_HPP
#define LFR_HEADER_CORE_TORCH_HPP

#include <string>
#include "torch/cuda.h"
#include "torch/types.h"

namespace lifuren {

/**
 * @return CUDA when available, else the CPU
 */
inline torch::DeviceType getDevice() {
    return torch::cuda::is_available() ? torch::DeviceType::CUDA : torch::DeviceType::CPU;
}

/**
 * Prints a tensor with its name
 */
extern void logTensor(const std::string& name, const torch::Tensor& tensor);

/**
 * Prints the device the models run on
 */
extern void logDevice();

} // END OF lifuren

#endif // END OF LFR_HEADER_CORE_TORCH_HPP
