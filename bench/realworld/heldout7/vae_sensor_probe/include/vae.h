#pragma once

#include <torch/torch.h>

struct VaeOutput {
  torch::Tensor recon;
  torch::Tensor mu;
  torch::Tensor log_var;
};

class VaeImpl : public torch::nn::Module {
 public:
  VaeImpl(int64_t in_features, int64_t hidden, int64_t latent);
  VaeOutput forward(torch::Tensor x);
  std::pair<torch::Tensor, torch::Tensor> encode(torch::Tensor x);
  torch::Tensor decode(torch::Tensor z);

 private:
  torch::Tensor reparameterize(torch::Tensor mu, torch::Tensor log_var);

  torch::nn::Linear enc1_;
  torch::nn::Linear enc2_;
  torch::nn::Linear mu_;
  torch::nn::Linear log_var_;
  torch::nn::Linear dec1_;
  torch::nn::Linear dec2_;
  torch::nn::Linear dec3_;
};
TORCH_MODULE(Vae);
