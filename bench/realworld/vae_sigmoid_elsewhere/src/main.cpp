// Trains the VAE of vae.cpp: the BCE's input is the decoder's sigmoid, computed in another file.
#include <torch/torch.h>

#include <iostream>

#include "vae.h"

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  const int64_t image_size = 784, h_dim = 400, z_dim = 20, batch_size = 128;
  VAE model(image_size, h_dim, z_dim);
  model->to(device);
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(1e-3));

  for (int epoch = 0; epoch < 3; ++epoch) {
    for (int batch = 0; batch < 20; ++batch) {
      auto images = torch::rand({batch_size, image_size}).to(device);
      auto output = model->forward(images);
      auto reconstruction_loss = torch::nn::functional::binary_cross_entropy(
          output.reconstruction, images, torch::nn::functional::BinaryCrossEntropyFuncOptions().reduction(torch::kSum));
      auto kl_divergence = -0.5 * torch::sum(1 + output.log_var - output.mu.pow(2) - output.log_var.exp());
      auto loss = reconstruction_loss + kl_divergence;
      optimizer.zero_grad();
      loss.backward();
      optimizer.step();
    }
    std::cout << "epoch " << epoch + 1 << " done\n";
  }
}
