#pragma once

#include <torch/torch.h>

#include "gan_options.h"

class GeneratorImpl : public torch::nn::Module {
 public:
  explicit GeneratorImpl(const GeneratorLayers& layers);
  torch::Tensor forward(torch::Tensor z);

 private:
  torch::nn::Linear fc1_{nullptr};
  torch::nn::BatchNorm1d bn1_{nullptr};
  torch::nn::Linear fc2_{nullptr};
  torch::nn::BatchNorm1d bn2_{nullptr};
  torch::nn::Linear fc3_{nullptr};
};
TORCH_MODULE(Generator);
