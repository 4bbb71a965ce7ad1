#include <torch/torch.h>

#include <iostream>

#include "demo.h"
#include "multitask.h"

const int64_t kInputDim = 20;
const int64_t kTrunkDim = 120;
const int64_t kHeadDim = 36;
const int64_t kIterations = 200;

int main() {
  torch::manual_seed(5);
  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available()) {
    device = torch::Device(torch::kCUDA);
    std::cout << "CUDA is available, training on the GPU." << std::endl;
  }

  MultiTaskNet net(kInputDim, kTrunkDim, kHeadDim);
  run_demo(net, device, kIterations);
  return 0;
}
