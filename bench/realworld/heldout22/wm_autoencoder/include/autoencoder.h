#pragma once

#include <torch/torch.h>

#include <memory>
#include <utility>

struct AEOutput {
  torch::Tensor reconstruction;
  torch::Tensor z;
};

class AEImpl : public torch::nn::Module {
 public:
  AEImpl(int64_t image_size, int64_t h_dim, int64_t z_dim, double learning_rate);
  torch::Tensor decode(torch::Tensor z);
  AEOutput forward(torch::Tensor x);

  std::unique_ptr<torch::optim::Adam> optim;

 private:
  torch::Tensor encode(torch::Tensor x);

  torch::nn::Linear fc1;
  torch::nn::Linear fc2;
  torch::nn::Linear fc3;
  torch::nn::Linear fc4;
};

TORCH_MODULE(AE);
