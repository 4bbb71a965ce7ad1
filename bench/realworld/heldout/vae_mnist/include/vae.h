// Variational autoencoder with fully connected encoder and decoder.
#pragma once

#include <torch/torch.h>

#include <utility>

struct VAEConfig {
    int64_t image_size = 784;
    int64_t h_dim = 400;
    int64_t z_dim = 20;
};

struct VAEOutput {
    torch::Tensor reconstruction;
    torch::Tensor mu;
    torch::Tensor log_var;
};

class VAEImpl : public torch::nn::Module {
 public:
    explicit VAEImpl(const VAEConfig& config);

    torch::Tensor decode(torch::Tensor z);
    VAEOutput forward(torch::Tensor x);

 private:
    std::pair<torch::Tensor, torch::Tensor> encode(torch::Tensor x);
    torch::Tensor reparameterize(torch::Tensor mu, torch::Tensor log_var);

    torch::nn::Linear fc1;
    torch::nn::Linear fc2;
    torch::nn::Linear fc3;
    torch::nn::Linear fc4;
    torch::nn::Linear fc5;
};

TORCH_MODULE(VAE);
