// A small GAN trained in plain fp32, the way LibTorch users write it today. `ampify check` finds
// what would break under mixed precision; `ampify fix` migrates the training loop.
#include <torch/torch.h>

#include <iostream>

struct GeneratorImpl : torch::nn::Module {
  GeneratorImpl(int64_t noise, int64_t hidden, int64_t out)
      : fc1(register_module("fc1", torch::nn::Linear(noise, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, out))) {}
  torch::Tensor forward(torch::Tensor z) { return torch::tanh(fc2(torch::relu(fc1(z)))); }
  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(Generator);

struct DiscriminatorImpl : torch::nn::Module {
  DiscriminatorImpl(int64_t in, int64_t hidden)
      : fc1(register_module("fc1", torch::nn::Linear(in, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, 1))) {}
  // Returns probabilities: the sigmoid is applied here, as many ports of DCGAN do. The training
  // loop applies it to the logits itself, so `ampify fix` can rewrite its losses to the logits form.
  torch::Tensor forward(torch::Tensor x) { return torch::sigmoid(fc2(torch::relu(fc1(x)))); }
  torch::Tensor logits(torch::Tensor x) { return fc2(torch::relu(fc1(x))); }
  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(Discriminator);

int main() {
  torch::manual_seed(0);
  const int64_t batch = 100, noise = 100, data = 784;
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  Generator generator(noise, 250, data);
  Discriminator discriminator(data, 250);
  generator->to(device);
  discriminator->to(device);
  torch::optim::Adam gen_opt(generator->parameters(), torch::optim::AdamOptions(2e-4));
  torch::optim::Adam disc_opt(discriminator->parameters(), torch::optim::AdamOptions(2e-4));

  for (int step = 0; step < 200; ++step) {
    auto real = torch::rand({batch, data}, device) * 2 - 1;
    auto ones = torch::ones({batch, 1}, device);
    auto zeros = torch::zeros({batch, 1}, device);

    disc_opt.zero_grad();
    auto fake = generator(torch::randn({batch, noise}, device));
    auto d_real = torch::binary_cross_entropy(torch::sigmoid(discriminator->logits(real)), ones);
    auto d_fake = torch::binary_cross_entropy(torch::sigmoid(discriminator->logits(fake.detach())), zeros);
    auto d_loss = d_real + d_fake;
    d_loss.backward();
    disc_opt.step();

    gen_opt.zero_grad();
    auto g_loss = torch::binary_cross_entropy(torch::sigmoid(discriminator->logits(fake)), ones);
    g_loss.backward();
    gen_opt.step();

    if (step % 50 == 0)
      std::cout << "step " << step << " d_loss " << d_loss.item<float>() << " g_loss "
                << g_loss.item<float>() << "\n";
  }
  torch::NoGradGuard no_grad;
  std::cout << "D(real) " << discriminator(torch::rand({batch, data}, device) * 2 - 1).mean().item<float>() << "\n";
}
