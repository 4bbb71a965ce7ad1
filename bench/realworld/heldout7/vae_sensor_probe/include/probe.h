#pragma once

#include <torch/torch.h>

// Linear read-out of the operating regime from the VAE's latent means.
class LatentProbeImpl : public torch::nn::Module {
 public:
  LatentProbeImpl(int64_t latent, int64_t hidden, int64_t classes);
  torch::Tensor forward(torch::Tensor z);

 private:
  torch::nn::Linear fc1_;
  torch::nn::Linear fc2_;
};
TORCH_MODULE(LatentProbe);

double train_probe(LatentProbe &probe, const torch::Tensor &z, const torch::Tensor &labels, int64_t steps,
                   torch::Device device);
double probe_accuracy(LatentProbe &probe, const torch::Tensor &z, const torch::Tensor &labels,
                      torch::Device device);
