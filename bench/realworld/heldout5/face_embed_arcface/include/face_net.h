#pragma once

#include <torch/torch.h>

#include "backbone.h"

// Backbone followed by the embedding projection (Linear + BatchNorm1d).
class FaceNetImpl : public torch::nn::Module {
 public:
  FaceNetImpl(int64_t base, int64_t embed_dim);
  torch::Tensor forward(const torch::Tensor& images);

 private:
  Backbone backbone_{nullptr};
  torch::nn::Dropout dropout_{nullptr};
  torch::nn::Linear fc_{nullptr};
  torch::nn::BatchNorm1d bn_{nullptr};
};
TORCH_MODULE(FaceNet);
