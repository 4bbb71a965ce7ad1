// A variational autoencoder whose decoder ends in a sigmoid, in its own file (pytorch-cpp's VAE
// tutorial shape).
#pragma once

#include <torch/torch.h>

struct VAEOutput {
  torch::Tensor reconstruction;
  torch::Tensor mu;
  torch::Tensor log_var;
};

class VAEImpl : public torch::nn::Module {
 public:
  VAEImpl(int64_t image_size, int64_t h_dim, int64_t z_dim);
  VAEOutput forward(torch::Tensor x);

 private:
  torch::Tensor decode(torch::Tensor z);
  torch::nn::Linear fc1, fc2, fc3, fc4, fc5;
};

TORCH_MODULE(VAE);
