#pragma once

#include <torch/torch.h>

// Predicts the Laplace scale of the next sample's amplitude.
class ScaleHeadImpl : public torch::nn::Module {
 public:
  ScaleHeadImpl(int64_t in_features, int64_t hidden);
  torch::Tensor forward(const torch::Tensor &h);

 private:
  torch::nn::Linear hidden_{nullptr};
  torch::nn::Linear out_{nullptr};
};
TORCH_MODULE(ScaleHead);
