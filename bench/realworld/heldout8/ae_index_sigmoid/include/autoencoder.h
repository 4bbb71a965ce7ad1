#pragma once

#include <torch/torch.h>

#include "ae_base.h"

class AutoEncoderImpl : public AeBaseImpl {
 public:
  AutoEncoderImpl();
  torch::Tensor encode(const torch::Tensor &x);
  torch::Tensor decode(const torch::Tensor &code);
  torch::Tensor forward(const torch::Tensor &x);
  torch::Tensor locality_loss(const torch::Tensor &anchor, const torch::Tensor &positive,
                              const torch::Tensor &negative);

 private:
  torch::nn::Linear fc1_{nullptr}, fc2_{nullptr}, fc3_{nullptr};
  torch::nn::Sequential decoder_{nullptr};
};
TORCH_MODULE(AutoEncoder);
