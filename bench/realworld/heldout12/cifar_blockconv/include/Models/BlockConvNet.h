//
// A stack of convolution blocks whose sizes are given as vectors, and a pooled head.
//

#ifndef LIBTORCHPLAYGROUND_MODELS_BLOCKCONVNET_H_
#define LIBTORCHPLAYGROUND_MODELS_BLOCKCONVNET_H_

#include <torch/torch.h>
#include <vector>

#include "Models/GeMPool.h"

class BlockConvNet : public torch::nn::Module {

 private:
  // Variables
  static constexpr int64_t kHeadHidden = 64;

  torch::nn::ModuleList convSubmodules = torch::nn::ModuleList();
  torch::nn::ModuleList maxPoolSubmodules = torch::nn::ModuleList();

  GeMPool gemSubmodule{nullptr};
  torch::nn::Dropout *dropoutSubmodule = nullptr;
  torch::nn::Linear *hiddenSubmodule = nullptr;
  torch::nn::Linear *linearSubmodule = nullptr;

  torch::nn::ReLU relu = torch::nn::ReLU();

  // Functions
  static std::vector<std::vector<int64_t>> get_interim(std::vector<int64_t> &imageDims,
                                                       std::vector<int64_t> &kernelSizesConv,
                                                       std::vector<int64_t> &stridesConv,
                                                       std::vector<int64_t> &dilationConv,
                                                       std::vector<int64_t> &kernelSizesPool,
                                                       std::vector<int64_t> &stridesPool,
                                                       std::vector<int64_t> &dilationPool);

  void setup_model(std::vector<int64_t> &imageDims,
                   std::vector<int64_t> &channels,
                   std::vector<int64_t> &kernelSizesConv,
                   std::vector<int64_t> &stridesConv,
                   std::vector<int64_t> &dilationConv,
                   std::vector<int64_t> &kernelSizesPool,
                   std::vector<int64_t> &stridesPool,
                   std::vector<int64_t> &dilationPool,
                   float dropout,
                   int64_t numClasses);

 public:
  // Constructor
  BlockConvNet(std::vector<int64_t> &imageDims,
               std::vector<int64_t> &channels,
               std::vector<int64_t> &kernelSizesConv,
               std::vector<int64_t> &stridesConv,
               std::vector<int64_t> &dilationConv,
               std::vector<int64_t> &kernelSizesPool,
               std::vector<int64_t> &stridesPool,
               std::vector<int64_t> &dilationPool,
               float dropout,
               int64_t numClasses);

  // Destructor
  ~BlockConvNet() override;

  // Forward Propagation
  torch::Tensor forward(torch::Tensor x);
};

#endif//LIBTORCHPLAYGROUND_MODELS_BLOCKCONVNET_H_
