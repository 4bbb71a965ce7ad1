#include "lifuren/Torch.hpp"

#include <iostream>

void lifuren::logTensor(const std::string& name, const torch::Tensor& tensor) {
    std::cout << name << "\n" << tensor << std::endl;
}

void lifuren::logDevice() {
    std::cout << "device: " << torch::DeviceTypeName(lifuren::getDevice()) << std::endl;
}
