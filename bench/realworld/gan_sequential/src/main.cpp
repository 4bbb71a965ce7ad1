// Trains the GAN of models.cpp: BCE on the discriminator's probabilities, whose logits are inside
// the Sequential of another file.
#include <torch/torch.h>

#include <iostream>

#include "models.h"

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  const int64_t latent_size = 64, hidden_size = 256, image_size = 784, batch_size = 100;

  auto G = make_generator(latent_size, hidden_size, image_size);
  auto D = make_discriminator(image_size, hidden_size);
  G->to(device);
  D->to(device);
  torch::optim::Adam d_optimizer(D->parameters(), torch::optim::AdamOptions(0.0002));
  torch::optim::Adam g_optimizer(G->parameters(), torch::optim::AdamOptions(0.0002));

  for (int step = 0; step < 200; ++step) {
    auto images = torch::rand({batch_size, image_size}).to(device) * 2 - 1;
    auto real_labels = torch::ones({batch_size, 1}).to(device);
    auto fake_labels = torch::zeros({batch_size, 1}).to(device);

    auto outputs = D->forward(images);
    auto d_loss_real = torch::nn::functional::binary_cross_entropy(outputs, real_labels);
    auto z = torch::randn({batch_size, latent_size}).to(device);
    auto fake_images = G->forward(z);
    outputs = D->forward(fake_images.detach());
    auto d_loss_fake = torch::nn::functional::binary_cross_entropy(outputs, fake_labels);
    auto d_loss = d_loss_real + d_loss_fake;
    d_optimizer.zero_grad();
    d_loss.backward();
    d_optimizer.step();

    outputs = D->forward(fake_images);
    auto g_loss = torch::nn::functional::binary_cross_entropy(outputs, real_labels);
    g_optimizer.zero_grad();
    g_loss.backward();
    g_optimizer.step();

    if (step % 50 == 0)
      std::cout << "step " << step << ", d_loss " << d_loss.item<double>() << ", g_loss " << g_loss.item<double>()
                << '\n';
  }
}
